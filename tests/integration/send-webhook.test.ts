// One attempt (lib/channels/webhook/send-webhook.ts) against a real HTTP server: what it keeps of a long
// answer, an answer cut off after its headers, an attempt given up before or after the answer began, a
// refused connection, and a request that cannot be written. The delivery suites cover the rest (signatures,
// redirects, Retry-After, 410, NUL bytes) through the dispatcher.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { RESPONSE_EXCERPT_BYTES, sendWebhook } from "@/lib/channels/webhook/send-webhook";
import { resetEnv } from "@/lib/env";

const saved = process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
let server: http.Server;
let base: string;
/** Requests whose answer the test holds open, by path. */
const held = new Map<string, http.ServerResponse>();

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";
  resetEnv();
  server = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      if (request.url === "/long") response.end("é".repeat(3_000));
      else if (request.url === "/retry") response.writeHead(503, { "Retry-After": "7" }).end("busy");
      else if (request.url === "/stall-body") {
        response.writeHead(200, { "content-type": "text/plain" });
        response.write("partial");
        held.set("/stall-body", response);
      } else held.set(request.url ?? "", response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const response of held.values()) response.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  if (saved === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  else process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = saved;
  resetEnv();
});

const request = (path: string, signal?: AbortSignal) =>
  sendWebhook({ url: `${base}${path}`, messageId: "msg_1", body: "{}", secrets: [], headers: [], signal });

it("keeps the first 2 KiB of a long answer, whole characters only where they fit", async () => {
  const result = await request("/long");
  expect(result).toMatchObject({ status: 200, error: null });
  expect(Buffer.byteLength(result.response!)).toBeLessThanOrEqual(RESPONSE_EXCERPT_BYTES + 2);
  expect(result.response!.startsWith("é".repeat(1_000))).toBe(true);
});

it("reads the status and Retry-After of a failed answer", async () => {
  const result = await request("/retry");
  expect(result).toMatchObject({ status: 503, response: "busy", error: null, retryAfterMs: 7_000 });
});

it("fails an attempt given up after the answer's headers, keeping its status and what came", async () => {
  const abort = new AbortController();
  const attempt = request("/stall-body", abort.signal);
  while (!held.has("/stall-body")) await new Promise((resolve) => setTimeout(resolve, 10));
  await new Promise((resolve) => setTimeout(resolve, 50));
  abort.abort(new Error("the dispatcher is stopping"));
  const result = await attempt;
  expect(result.status).toBe(200);
  expect(result.error).toBe("the dispatcher is stopping");
});

it("fails an attempt given up before any answer, with no status", async () => {
  const abort = new AbortController();
  const attempt = request("/hang", abort.signal);
  while (!held.has("/hang")) await new Promise((resolve) => setTimeout(resolve, 10));
  abort.abort(new Error("the dispatcher is stopping"));
  expect(await attempt).toMatchObject({ status: null, response: null, error: "the dispatcher is stopping" });
});

it("fails an attempt on a refused connection and one that cannot be written", async () => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  const refused = await sendWebhook({
    url: `http://127.0.0.1:${port}/`,
    messageId: "msg_1",
    body: "{}",
    secrets: [],
    headers: [],
  });
  expect(refused.status).toBeNull();
  expect(refused.error).toMatch(/ECONNREFUSED|connect/);
  const unwritable = await sendWebhook({
    url: `${base}/long`,
    messageId: "msg_1",
    body: "{}",
    secrets: [],
    headers: [{ name: "x-token", value: "a\r\nb" }],
  });
  expect(unwritable.status).toBeNull();
  expect(unwritable.error).toMatch(/^the request could not be made: /);
});

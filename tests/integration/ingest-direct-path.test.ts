// The capture endpoint served without Next.js's router (lib/capture/direct-capture.ts), as scripts/server.mjs
// does: over a real socket, it must answer exactly as the route handler does, take only well-formed capture
// URLs, and keep the connection usable after a body it refused.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveCaptureDirectly } from "@/lib/capture/direct-capture";
import { useTestDatabase } from "../support/database";
import { raw, setupLink, submissionsOf, uniqueEmail, withoutRateLimit } from "../support/ingest-helpers";

const db = useTestDatabase();
withoutRateLimit();

/** What Next.js would have answered: the test server marks every request the direct path leaves alone. */
const LEFT_FOR_NEXT = 599;

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (serveCaptureDirectly(req, res)) return;
    res.statusCode = LEFT_FOR_NEXT;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A request over a socket of its own (or of `agent`), with the body written in the given pieces. */
function send(
  path: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    pieces?: (string | Buffer)[];
    agent?: http.Agent;
    pauseMs?: number;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, {
      method: options.method ?? "POST",
      headers: options.headers,
      agent: options.agent,
    });
    request.on("error", reject);
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers as Record<string, string>,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    void (async () => {
      for (const piece of options.pieces ?? []) {
        request.write(piece);
        if (options.pauseMs) await new Promise((wait) => setTimeout(wait, options.pauseMs));
      }
      request.end();
    })();
  });
}

const JSON_TYPE = { "content-type": "application/json" };

/** The headers both paths set themselves: the transport's differ (Content-Length here, chunked behind Next.js). */
function ownHeaders(headers: Record<string, string> | Headers): Record<string, string> {
  const transport = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);
  const entries = headers instanceof Headers ? [...headers] : Object.entries(headers);
  return Object.fromEntries(
    entries.filter(([name]) => !transport.has(name.toLowerCase())).map(([name, value]) => [name.toLowerCase(), value]),
  );
}

describe("capture requests served directly", () => {
  it("stores a lead posted over a socket and answers 201 {leadId, created, warnings}", async () => {
    const { link, token } = await setupLink(db.current);
    const email = uniqueEmail();
    const answer = await send(`/ingest/${token}`, {
      headers: { ...JSON_TYPE, "x-leadlink-remote-addr": "203.0.113.9", "user-agent": "direct-test" },
      pieces: [JSON.stringify({ name: "Ana", email })],
    });
    expect(answer.status).toBe(201);
    const body = JSON.parse(answer.body);
    expect(body).toEqual({ leadId: expect.any(String), created: true, warnings: [] });
    expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(answer.body)));
    const lead = await db.current.prisma.lead.findUniqueOrThrow({ where: { id: body.leadId } });
    expect(lead.email).toBe(email);
    const [submission] = await submissionsOf(db.current, link.id);
    expect(submission).toMatchObject({ ip: "203.0.113.9", userAgent: "direct-test", leadId: body.leadId });
  });

  it("answers as the route handler does: status, headers and body", async () => {
    const { token } = await setupLink(db.current, { allowedOrigins: ["https://shop.example"] });
    const cases: { method: "POST" | "GET" | "OPTIONS" | "PUT"; headers: Record<string, string>; body?: string }[] = [
      { method: "POST", headers: JSON_TYPE, body: '{"email":' },
      { method: "POST", headers: JSON_TYPE, body: JSON.stringify({ email: "not an email" }) },
      { method: "POST", headers: { "content-type": "text/csv" }, body: "a,b" },
      { method: "POST", headers: { ...JSON_TYPE, origin: "https://evil.example" }, body: "{}" },
      { method: "POST", headers: { ...JSON_TYPE, "leadlink-dry-run": "1" }, body: JSON.stringify({ email: "dry@example.com" }) },
      { method: "GET", headers: {} },
      { method: "PUT", headers: JSON_TYPE, body: "{}" },
      {
        method: "OPTIONS",
        headers: {
          origin: "https://shop.example",
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type",
        },
      },
    ];
    for (const request of cases) {
      const direct = await send(`/ingest/${token}`, {
        method: request.method,
        headers: request.headers,
        pieces: request.body ? [request.body] : [],
      });
      const routed = await raw(token, { method: request.method, headers: request.headers, body: request.body });
      const label = `${request.method} ${request.body ?? ""}`;
      expect(direct.status, label).toBe(routed.status);
      expect(ownHeaders(direct.headers), label).toEqual(ownHeaders(routed.headers));
      expect(direct.body, label).toBe(await routed.text());
    }
    // Unknown links are answered without the database, on both paths.
    const unknown = `/ingest/cl_${"0".repeat(22)}`;
    const direct = await send(unknown, { headers: JSON_TYPE, pieces: ["{}"] });
    const routed = await raw(`cl_${"0".repeat(22)}`, { headers: JSON_TYPE, body: "{}" });
    expect([direct.status, direct.body]).toEqual([routed.status, await routed.text()]);
  });

  it("keeps the query string and answers HEAD without a body", async () => {
    const { token } = await setupLink(db.current);
    const posted = await send(`/ingest/${token}?utm_source=newsletter`, {
      headers: JSON_TYPE,
      pieces: [JSON.stringify({ email: uniqueEmail() })],
    });
    expect(posted.status).toBe(201);
    const head = await send(`/ingest/${token}`, { method: "HEAD" });
    expect(head.status).toBe(405);
    expect(head.headers.allow).toBe("POST, OPTIONS");
    expect(head.body).toBe("");
  });

  it("leaves every other URL and method to Next.js", async () => {
    const { token } = await setupLink(db.current);
    const others = [
      `/ingest/${token}/`,
      `/ingest/${token}/extra`,
      `/ingest/%63${token.slice(1)}`,
      `/ingest/${token}x`,
      "/ingest/not-a-token",
      `/ingestx/${token}`,
      `/api/ingest/${token}`,
      `//ingest/${token}`,
    ];
    for (const path of others) {
      expect((await send(path, { headers: JSON_TYPE, pieces: ["{}"] })).status, path).toBe(LEFT_FOR_NEXT);
    }
    expect((await send(`/ingest/${token}`, { method: "PROPFIND" })).status).toBe(LEFT_FOR_NEXT);
    expect(await db.current.prisma.submission.count({ where: { captureLink: { token } } })).toBe(0);
  });

  it("reads a body that arrives in pieces", async () => {
    const { token } = await setupLink(db.current);
    const text = JSON.stringify({ name: "Bia", email: uniqueEmail(), message: "é".repeat(3_000) });
    const bytes = Buffer.from(text);
    // Split inside a two-byte character: the pieces are joined as bytes before decoding.
    const cut = bytes.indexOf(Buffer.from("é")) + 1;
    const answer = await send(`/ingest/${token}`, {
      headers: JSON_TYPE,
      pieces: [bytes.subarray(0, cut), bytes.subarray(cut)],
      pauseMs: 30,
    });
    expect(answer.status).toBe(201);
  });

  it("answers 413 to a body over the limit and keeps the connection for the next request", async () => {
    const { token } = await setupLink(db.current);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const big = JSON.stringify({ email: uniqueEmail(), notes: "x".repeat(1_000_000) });
      const refused = await send(`/ingest/${token}`, { headers: JSON_TYPE, pieces: [big], agent });
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body).code).toBe("payload_too_large");
      const next = await send(`/ingest/${token}`, {
        headers: JSON_TYPE,
        pieces: [JSON.stringify({ email: uniqueEmail() })],
        agent,
      });
      expect(next.status).toBe(201);
    } finally {
      agent.destroy();
    }
  });

  it("survives a client that goes away in the middle of its body, and stores nothing of it", async () => {
    const { workspace, token } = await setupLink(db.current);
    await new Promise<void>((resolve) => {
      const request = http.request(`${base}/ingest/${token}`, {
        method: "POST",
        headers: { ...JSON_TYPE, "content-length": "1000" },
      });
      request.on("error", () => resolve());
      request.write('{"email":"gone@example.com", "notes": "');
      setTimeout(() => {
        request.destroy();
        resolve();
      }, 50);
    });
    const after = await send(`/ingest/${token}`, { headers: JSON_TYPE, pieces: [JSON.stringify({ email: uniqueEmail() })] });
    expect(after.status).toBe(201);
    expect(await db.current.prisma.lead.count({ where: { workspaceId: workspace.id, email: "gone@example.com" } })).toBe(0);
  });
});

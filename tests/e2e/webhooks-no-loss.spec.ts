import http from "node:http";
import { leadlinkCli } from "./support/cli";
import { expect, test } from "./support/fixtures";
import { freePort } from "./support/ports";
import { type RunningServer, removeDataDir, startServer, stopAll, tempDataDir } from "./support/server";

// DESIGN.md section 7, Durable: with the receiver down, 100 accepted leads, `kill -9` of the server, a
// restart, then the receiver up: all 100 lead.created messages arrive (the outbox row is committed with the
// lead, and the restarted server takes over the dead one's claims).

let servers: RunningServer[] = [];
let dataDirs: string[] = [];
let receiver: http.Server | undefined;
const allowBefore = process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;

test.afterEach(async () => {
  await stopAll(servers);
  for (const dataDir of dataDirs) removeDataDir(dataDir);
  servers = [];
  dataDirs = [];
  receiver?.closeAllConnections();
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
  receiver = undefined;
  if (allowBefore === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  else process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = allowBefore;
});

test("receiver down, 100 leads, kill -9, restart, receiver up: 100 messages delivered", async () => {
  test.setTimeout(240_000);
  // The command line checks the URL when it saves the endpoint; the servers when they connect.
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";
  const env = {
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1",
    // Half-second retries for a minute, instead of the real schedule's 5 s, 5 min, ...
    WEBHOOK_RETRY_SCHEDULE: Array.from({ length: 120 }, () => "500ms").join(","),
  };
  const dataDir = tempDataDir();
  dataDirs.push(dataDir);
  const port = await freePort();
  const first = await startServer({ dataDir, env });
  servers.push(first);
  const slug = `hooks-${Math.random().toString(36).slice(2, 8)}`;
  await leadlinkCli(dataDir, ["workspace", "create", "--name", "Hooks", "--slug", slug]);
  const link = await leadlinkCli<{ token: string }>(dataDir, ["link", "create", "--workspace", slug, "--name", "Load"]);
  const endpoint = await leadlinkCli<{ id: string }>(dataDir, [
    "webhook",
    "create",
    "--workspace",
    slug,
    "--url",
    `http://127.0.0.1:${port}/hook`,
  ]);

  const accepted: string[] = [];
  for (let worker = 0; worker < 4; worker++) {
    await Promise.all(
      Array.from({ length: 25 }, async (_, index) => {
        const response = await fetch(`${first.url}/ingest/${link.token}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ name: `Lead ${worker}-${index}`, email: `lead-${worker}-${index}@no-loss.example` }),
        });
        expect(response.status).toBe(201);
        accepted.push(((await response.json()) as { leadId: string }).leadId);
      }),
    );
  }
  expect(new Set(accepted).size).toBe(100);
  // Some attempts against the closed port have been made (and failed) before the crash.
  await expect
    .poll(
      async () =>
        (
          await leadlinkCli<{ attempts: unknown[] }[]>(dataDir, [
            "webhook",
            "deliveries",
            "--workspace",
            slug,
            "--id",
            endpoint.id,
          ])
        ).some((message) => message.attempts.length > 0),
      // Each poll is a command-line run, seconds each on a busy machine: the default 15 s allowed two or three.
      { timeout: 60_000 },
    )
    .toBe(true);
  first.child.kill("SIGKILL");
  await first.exited;

  const second = await startServer({ dataDir, env });
  servers.push(second);
  const received = new Map<string, string>();
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { type: string; data: { lead: { id: string } } };
      if (body.type === "lead.created") received.set(String(request.headers["webhook-id"]), body.data.lead.id);
      response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver!.listen(port, "127.0.0.1", resolve));

  await expect.poll(() => new Set(received.values()).size, { timeout: 90_000 }).toBe(100);
  expect(new Set(received.values())).toEqual(new Set(accepted));
  const log = await leadlinkCli<{ state: string }[]>(dataDir, [
    "webhook",
    "deliveries",
    "--workspace",
    slug,
    "--id",
    endpoint.id,
  ]);
  expect(log).toHaveLength(100);
  await expect
    .poll(async () =>
      (
        await leadlinkCli<{ state: string }[]>(dataDir, ["webhook", "deliveries", "--workspace", slug, "--id", endpoint.id])
      ).every((message) => message.state === "delivered"),
    )
    .toBe(true);
});

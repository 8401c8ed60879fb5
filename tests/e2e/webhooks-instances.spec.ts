import http from "node:http";
import type { AddressInfo } from "node:net";
import { leadlinkCli } from "./support/cli";
import { expect, test } from "./support/fixtures";
import { seedLink, serversOnPostgres } from "./support/postgres";

// DESIGN.md section 7, Dispatch: two server processes on one PostgreSQL dispatch together. 1,000 leads:
// every message arrives, none twice, while nothing crashes; `kill -9` of one mid-dispatch: none lost (the
// other takes its claims over when their lease expires).

const instances = serversOnPostgres();
let receiver: http.Server | undefined;
const allowBefore = process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;

test.afterEach(async () => {
  receiver?.closeAllConnections();
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
  receiver = undefined;
  if (allowBefore === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  else process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = allowBefore;
});

/** A receiver that records each lead.created's webhook-id and lead id, answering after `delayMs`. */
async function startReceiver(delayMs = 0) {
  const received: { messageId: string; leadId: string }[] = [];
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { data: { lead: { id: string } } };
      received.push({ messageId: String(request.headers["webhook-id"]), leadId: body.data.lead.id });
      setTimeout(() => response.writeHead(200).end("ok"), delayMs);
    });
  });
  await new Promise<void>((resolve) => receiver!.listen(0, "127.0.0.1", resolve));
  return { port: (receiver.address() as AddressInfo).port, received };
}

async function setup(port: number) {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";
  const database = await instances.database();
  const env = { DATABASE_URL: database.url, WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1" };
  const first = await instances.start(env);
  const second = await instances.start(env);
  const link = await seedLink(database);
  const [workspace] = await database.query<{ slug: string }>("SELECT slug FROM workspaces WHERE id = $1", [link.workspaceId]);
  await leadlinkCli(
    first.dataDir,
    ["webhook", "create", "--workspace", workspace!.slug, "--url", `http://127.0.0.1:${port}/hook`],
    {
      databaseUrl: database.url,
    },
  );
  return { first, second, link };
}

async function sendLeads(servers: { url: string }[], token: string, count: number, prefix: string): Promise<string[]> {
  const accepted: string[] = [];
  for (let start = 0; start < count; start += 16) {
    await Promise.all(
      Array.from({ length: Math.min(16, count - start) }, async (_, offset) => {
        const index = start + offset;
        const server = servers[index % servers.length]!;
        const response = await fetch(`${server.url}/ingest/${token}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: `${prefix}-${index}@instances.example` }),
        });
        expect(response.status, await response.clone().text()).toBe(201);
        accepted.push(((await response.json()) as { leadId: string }).leadId);
      }),
    );
  }
  return accepted;
}

test("two servers on one PostgreSQL deliver 1,000 leads' messages, each exactly once", async () => {
  test.setTimeout(300_000);
  const { port, received } = await startReceiver();
  const { first, second, link } = await setup(port);
  const accepted = await sendLeads([first, second], link.token, 1_000, "both");
  await expect.poll(() => new Set(received.map((entry) => entry.leadId)).size, { timeout: 120_000 }).toBe(1_000);
  // Give a duplicate, if any, time to arrive.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(new Set(received.map((entry) => entry.leadId))).toEqual(new Set(accepted));
  expect(received).toHaveLength(1_000);
  expect(new Set(received.map((entry) => entry.messageId)).size).toBe(1_000);
});

test("kill -9 of one server mid-dispatch: the other delivers everything", async () => {
  test.setTimeout(300_000);
  // A slow receiver keeps attempts in flight, so the kill lands mid-dispatch.
  const { port, received } = await startReceiver(300);
  const { first, second, link } = await setup(port);
  const accepted = await sendLeads([first], link.token, 300, "killed");
  await expect.poll(() => received.length, { timeout: 60_000 }).toBeGreaterThan(20);
  first.child.kill("SIGKILL");
  await first.exited;
  // The dead server's claims come back after their 30 s lease.
  await expect.poll(() => new Set(received.map((entry) => entry.leadId)).size, { timeout: 180_000 }).toBe(300);
  expect(new Set(received.map((entry) => entry.leadId))).toEqual(new Set(accepted));
  expect(second.child.exitCode).toBeNull();
});

import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type Bouncer, PGBOUNCER, startPgBouncer } from "../support/pgbouncer";
import { signIn } from "./support/admin";
import { leadlinkCli } from "./support/cli";
import { expect, test } from "./support/fixtures";
import { requirePostgres } from "./support/postgres";
import { ROOT, type RunningServer, removeDataDir, startServer, stopAll, tempDataDir } from "./support/server";
import { createThrowawayPostgres, postgresBinariesPresent, type ThrowawayPostgres } from "./support/throwaway-postgres";

// DESIGN.md section 17, Load balancer: three instances behind Debian's HAProxy (deploy/haproxy.cfg, the file the
// README gives, with its ports changed), through Debian's PgBouncer in transaction mode, with a streaming replica
// of the primary and Redis for the rate limit. At full load one instance is killed with kill -9 and started again:
// every lead answered 2xx is stored exactly once (clients retry a failed request with its Idempotency-Key, as the
// contract invites), every lead's webhook arrives, and the admin's leads page is read from the replica.

const HAPROXY = "/usr/sbin/haproxy";
const LEADS = 900;
const CONCURRENCY = 24;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** deploy/haproxy.cfg with its frontend and servers moved to the given ports. */
function haproxyConfig(frontend: number, ports: number[]): string {
  let index = 0;
  const config = fs
    .readFileSync(path.join(ROOT, "deploy/haproxy.cfg"), "utf8")
    .replace(/bind 127\.0\.0\.1:\d+/, `bind 127.0.0.1:${frontend}`)
    .replace(/server (app\d) 127\.0\.0\.1:\d+/g, (_, name: string) => `server ${name} 127.0.0.1:${ports[index++]}`);
  expect(index, "deploy/haproxy.cfg names three servers").toBe(3);
  return config;
}

async function until(check: () => Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A webhook receiver that records the lead id of each lead.created it is sent. */
async function startReceiver() {
  const leadIds: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { type: string; data: { lead: { id: string } } };
      if (body.type === "lead.created") leadIds.push(body.data.lead.id);
      response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, leadIds, port: (server.address() as net.AddressInfo).port };
}

/** POSTs one lead until it is answered 2xx, with the same Idempotency-Key each time: at most once stored. */
async function sendUntilStored(url: string, email: string, failures: string[]): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": email, "X-Forwarded-For": "203.0.113.9" },
        body: JSON.stringify({ email, name: "Topology" }),
      });
      if (response.ok) return ((await response.json()) as { leadId: string }).leadId;
      failures.push(`${response.status}`);
    } catch (error) {
      failures.push((error as Error).message);
    }
    if (attempt >= 30) throw new Error(`${email} was never stored: ${failures.slice(-5).join(", ")}`);
    await new Promise((resolve) => setTimeout(resolve, 200 * Math.min(attempt, 5)));
  }
}

test.describe("three instances behind HAProxy, through PgBouncer, with a replica and Redis", () => {
  let primary: ThrowawayPostgres | undefined;
  let replica: ThrowawayPostgres | undefined;
  let bouncer: Bouncer | undefined;
  let haproxy: ChildProcess | undefined;
  let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
  const servers: (RunningServer | undefined)[] = [];
  const dataDirs: string[] = [];

  const allowBefore = process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;

  test.afterEach(async () => {
    if (allowBefore === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
    else process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = allowBefore;
    haproxy?.kill("SIGKILL");
    await stopAll(servers);
    receiver?.server.closeAllConnections();
    receiver?.server.close();
    await bouncer?.stop();
    await replica?.remove();
    await primary?.remove();
    for (const dataDir of dataDirs) removeDataDir(dataDir);
  });

  test("kill -9 of one instance at full load: every 2xx stored once, every webhook delivered, reads on the replica", async ({
    page,
    context,
  }) => {
    test.setTimeout(600_000);
    requirePostgres();
    test.skip(!PGBOUNCER || !fs.existsSync(HAPROXY) || !postgresBinariesPresent(), "needs pgbouncer, haproxy and PostgreSQL 15");

    primary = await createThrowawayPostgres({ settings: { max_connections: "200" } });
    // The replica logs every statement it runs: the proof that the admin's reads reach it.
    replica = await createThrowawayPostgres({ replicaOf: primary, settings: { max_connections: "200", log_statement: "all" } });
    bouncer = await startPgBouncer(primary.url, "transaction", 8);
    receiver = await startReceiver();

    const ports = [await freePort(), await freePort(), await freePort()];
    const frontend = await freePort();
    const env = {
      DATABASE_URL: bouncer.through(primary.url),
      DATABASE_POOLER: "transaction",
      DATABASE_DIRECT_URL: primary.url,
      DATABASE_REPLICA_URL: replica.url,
      DATABASE_POOL_SIZE: "8",
      REDIS_URL: "redis://127.0.0.1:6379",
      INGEST_RATE_LIMIT: "100000/min",
      TRUST_PROXY: "1",
      // One secret for all: a session signed by one instance is read by the next the balancer picks.
      AUTH_SECRET: "topology-spec-secret-6f1c2a9e8b7d4c3f0a5e",
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1",
      PUBLIC_BASE_URL: `http://127.0.0.1:${frontend}`,
    };
    const start = async (index: number) => {
      const dataDir = tempDataDir();
      dataDirs.push(dataDir);
      servers[index] = await startServer({ dataDir, port: ports[index], env });
    };
    // The first migrates (through DATABASE_DIRECT_URL), then the other two.
    await start(0);
    await Promise.all([start(1), start(2)]);

    const configFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "leadlink-haproxy-")), "haproxy.cfg");
    fs.writeFileSync(configFile, haproxyConfig(frontend, ports));
    let haproxyLog = "";
    haproxy = spawn(HAPROXY, ["-f", configFile, "-db"], { stdio: ["ignore", "pipe", "pipe"] });
    haproxy.stdout!.on("data", (chunk: Buffer) => (haproxyLog += chunk.toString()));
    haproxy.stderr!.on("data", (chunk: Buffer) => (haproxyLog += chunk.toString()));
    const base = `http://127.0.0.1:${frontend}`;
    await until(async () => (await fetch(`${base}/api/health`).catch(() => undefined))?.status === 200, `HAProxy\n${haproxyLog}`);

    // A workspace, its link and a webhook endpoint (on this machine: the receiver), with the command line on PostgreSQL itself.
    process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";
    const cliDir = tempDataDir();
    dataDirs.push(cliDir);
    const workspace = await seedWorkspaceOn(cliDir, primary.url);
    const link = await leadlinkCli<{ token: string }>(
      cliDir,
      ["link", "create", "--workspace", workspace.slug, "--name", "Bio"],
      {
        databaseUrl: primary.url,
      },
    );
    await leadlinkCli(
      cliDir,
      ["webhook", "create", "--workspace", workspace.slug, "--url", `http://127.0.0.1:${receiver.port}/hook`],
      {
        databaseUrl: primary.url,
      },
    );

    // Full load through HAProxy; instance 2 is killed a third of the way, and started again two thirds of the way.
    const failures: string[] = [];
    const stored = new Map<string, string>();
    let next = 0;
    let killedAt = -1;
    let restarted: Promise<void> | undefined;
    const worker = async () => {
      while (next < LEADS) {
        const index = next++;
        if (index === Math.floor(LEADS / 3)) {
          killedAt = index;
          servers[1]!.child.kill("SIGKILL");
        }
        if (index === Math.floor((2 * LEADS) / 3)) restarted = start(1);
        const email = `topology-${index}@example.com`;
        stored.set(email, await sendUntilStored(`${base}/ingest/${link.token}`, email, failures));
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await restarted;
    expect(killedAt).toBeGreaterThan(0);
    expect(stored.size).toBe(LEADS);

    // Exactly once: one lead per email, one accepted submission per lead, each 2xx's lead id the stored one.
    const database = new pg.Client({ connectionString: primary.url });
    await database.connect();
    try {
      const leads = await database.query<{ id: string; email: string }>(
        "SELECT l.id, l.email FROM leads l JOIN workspaces w ON w.id = l.workspace_id WHERE w.slug = $1",
        [workspace.slug],
      );
      expect(leads.rows).toHaveLength(LEADS);
      for (const row of leads.rows) expect(stored.get(row.email)).toBe(row.id);
      const accepted = await database.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM submissions s JOIN workspaces w ON w.id = s.workspace_id WHERE w.slug = $1 AND s.outcome IN ('created', 'updated')",
        [workspace.slug],
      );
      expect(accepted.rows[0]!.n).toBe(LEADS);
    } finally {
      await database.end();
    }

    // Every lead's webhook arrives (at least once: a delivery cut by kill -9 is sent again after its lease).
    const expected = new Set(stored.values());
    await until(async () => new Set(receiver!.leadIds).size >= expected.size, "every lead.created webhook", 120_000);
    expect(new Set(receiver.leadIds)).toEqual(expected);

    // The admin's leads page, signed in through HAProxy, is read from the replica.
    await until(async () => {
      const health = (await (await fetch(`${base}/api/health`)).json()) as { replica?: { state: string } };
      return health.replica?.state === "ok";
    }, "the replica to keep up");
    const before = replica.log().length;
    await signIn(context, base, workspace.email, workspace.password);
    await page.goto(`${base}/w/${workspace.slug}/leads?q=${encodeURIComponent("topology-0@example.com")}`);
    await expect(page.getByText("topology-0@example.com", { exact: false }).first()).toBeVisible();
    const replicaStatements = replica.log().slice(before);
    expect(replicaStatements, "the leads page's query in the replica's statement log").toMatch(/FROM leads/i);
    expect(replicaStatements, "with this workspace's id among its parameters").toContain(workspace.workspaceId);

    test.info().annotations.push({
      type: "topology",
      description: `${LEADS} leads, ${failures.length} failed attempts retried (${[...new Set(failures)].slice(0, 5).join(", ")}), ${receiver.leadIds.length - expected.size} webhooks sent twice`,
    });
  });
});

/** seedWorkspace's owner and workspace, made on a PostgreSQL database instead of an embedded one. */
async function seedWorkspaceOn(dataDir: string, databaseUrl: string) {
  const suffix = Math.random().toString(36).slice(2, 10);
  const email = `owner-${suffix}@example.com`;
  const password = `quiet-otter-${suffix}`;
  await leadlinkCli(dataDir, ["user", "create", "--email", email, "--password", password, "--name", "Owner"], { databaseUrl });
  const created = await leadlinkCli<{ id: string; slug: string }>(
    dataDir,
    ["workspace", "create", "--name", `Topology ${suffix}`, "--owner", email],
    { databaseUrl },
  );
  return { email, password, slug: created.slug, workspaceId: created.id };
}

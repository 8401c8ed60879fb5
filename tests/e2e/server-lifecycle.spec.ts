import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { leadlinkCli } from "./support/cli";
import { expect, test } from "./support/fixtures";
import {
  type RunningServer,
  removeDataDir,
  type ServerProcess,
  spawnServer,
  startServer,
  stopAll,
  tempDataDir,
} from "./support/server";
import { slowPost } from "./support/slow-post";

// The production server as `npm start` runs it (scripts/server.mjs), each test with its own DATA_DIR:
// start, serve, hand the command line over to the running server, stop, and start again.

interface Workspace {
  id: string;
  slug: string;
  name: string;
}
interface Link {
  id: string;
  token: string;
  url: string;
  name: string;
}
interface IngestAnswer {
  leadId: string;
  created: boolean;
  warnings: unknown[];
}
interface Lead {
  id: string;
  email: string | null;
  name: string | null;
  telephone: string | null;
  submissions?: { id: string; outcome: string; captureLinkId: string }[];
}

let dataDirs: string[] = [];
let servers: (RunningServer | ServerProcess | undefined)[] = [];

function newDataDir(): string {
  const dataDir = tempDataDir();
  dataDirs.push(dataDir);
  return dataDir;
}

async function start(dataDir: string, port?: number): Promise<RunningServer> {
  const server = await startServer({ dataDir, port });
  servers.push(server);
  return server;
}

test.afterEach(async () => {
  await stopAll(servers);
  for (const dataDir of dataDirs) removeDataDir(dataDir);
  servers = [];
  dataDirs = [];
});

/** A workspace and a capture link, created with the command line (forwarded to the running server). */
async function seed(dataDir: string, label: string): Promise<{ workspace: Workspace; link: Link }> {
  const slug = `${label}-${Math.random().toString(36).slice(2, 8)}`;
  const workspace = await leadlinkCli<Workspace>(dataDir, [
    "workspace",
    "create",
    "--name",
    `${label} workspace`,
    "--slug",
    slug,
  ]);
  expect(workspace.slug).toBe(slug);
  const link = await leadlinkCli<Link>(dataDir, ["link", "create", "--workspace", slug, "--name", "Landing page"]);
  expect(link.token).toEqual(expect.any(String));
  return { workspace, link };
}

function postLead(server: RunningServer, link: Link, lead: Record<string, unknown>, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/ingest/${link.token}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(lead),
  });
}

test("the production server answers its health check and serves the app to a browser", async ({ leadlink, page, request }) => {
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: "ok", database: "embedded" });
  expect(leadlink.stdout()).toContain(
    `Leadlink listening on http://localhost:${leadlink.port} (embedded database in ${leadlink.dataDir})`,
  );

  await page.goto("/");
  await expect(page).toHaveTitle(/Leadlink/);
});

test("a lead sent to a capture link can be read with the command line while the server runs, and after a restart", async () => {
  const dataDir = newDataDir();
  const first = await start(dataDir);
  const { workspace, link } = await seed(dataDir, "restart");

  // The server decides the client's address from the socket; a client cannot claim another one.
  const response = await postLead(
    first,
    link,
    { name: "Ana Souza", email: "Ana.Souza@Example.com", telephone: "+55 (11) 98765-4321" },
    { "X-Leadlink-Remote-Addr": "203.0.113.7" },
  );
  expect(response.status).toBe(201);
  const answer = (await response.json()) as IngestAnswer;
  expect(answer).toEqual({ leadId: expect.any(String), created: true, warnings: [] });

  const lead = await leadlinkCli<Lead>(dataDir, ["lead", "get", "--workspace", workspace.slug, "--id", answer.leadId]);
  expect(lead).toMatchObject({
    id: answer.leadId,
    email: "ana.souza@example.com",
    name: "Ana Souza",
    telephone: "5511987654321",
  });
  expect(lead.submissions).toHaveLength(1);
  expect(lead.submissions![0]).toMatchObject({ outcome: "created", captureLinkId: link.id });

  expect(await first.stop("SIGTERM")).toBe(0);
  expect(first.stdout()).toContain("Leadlink stopped");
  // A clean stop gives the directory back: no lock and no engine socket left behind.
  expect(fs.readdirSync(dataDir).sort()).toEqual(["pglite"]);

  const second = await start(dataDir);
  const afterRestart = await leadlinkCli<Lead>(dataDir, ["lead", "get", "--workspace", workspace.slug, "--id", answer.leadId]);
  expect(afterRestart).toEqual(lead);

  // The same person again, by phone only in another format: the existing lead is updated.
  const again = await postLead(second, link, { telephone: "11987654321", city: "São Paulo" });
  expect(again.status).toBe(200);
  expect(await again.json()).toEqual({ leadId: answer.leadId, created: false, warnings: [] });
  expect(await second.stop("SIGINT")).toBe(0);

  const pglite = new PGlite(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
  try {
    const { rows } = await pglite.query<{ ip: string | null }>("SELECT ip FROM submissions WHERE lead_id = $1", [answer.leadId]);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.ip).toBe("127.0.0.1");
  } finally {
    await pglite.close();
  }
});

test("a second server on the same DATA_DIR exits with a message naming the directory; the first keeps serving", async () => {
  const dataDir = newDataDir();
  const first = await start(dataDir);

  const second = spawnServer({ dataDir });
  servers.push(second);
  const exit = await second.exited;
  expect(exit.code).toBe(1);
  expect(second.stderr()).toContain(`The embedded database in ${dataDir} is in use by process ${first.child.pid}`);
  expect(second.stdout()).not.toContain("listening");

  const health = await fetch(`${first.url}/api/health`);
  expect(health.status).toBe(200);
  // The failed start left the first server's engine socket alone: the command line still reaches it.
  const { link } = await seed(dataDir, "second");
  expect((await postLead(first, link, { email: "still@serving.example" })).status).toBe(201);
});

test("a server whose port is taken exits with a clear message and releases its DATA_DIR", async () => {
  const first = await start(newDataDir());
  const dataDir = newDataDir();

  const second = spawnServer({ dataDir, port: first.port });
  servers.push(second);
  const exit = await second.exited;
  expect(exit.code).toBe(1);
  expect(second.stderr()).toContain(`Port ${first.port} is already in use`);
  expect(fs.readdirSync(dataDir).sort()).toEqual(["pglite"]);
});

test("on PostgreSQL, the health check answers 503 while the database is gone and recovers without a restart", async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  test.skip(!adminUrl, "needs TEST_DATABASE_URL (a PostgreSQL server where the test may create a database)");
  const name = `leadlink_e2e_${Math.random().toString(36).slice(2, 10)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  await admin(`CREATE DATABASE ${name}`);
  try {
    const server = await startServer({ dataDir: newDataDir(), env: { DATABASE_URL: url.toString() } });
    servers.push(server);
    expect(server.stdout()).toContain(`Leadlink listening on http://localhost:${server.port} (PostgreSQL)`);
    expect(await (await fetch(`${server.url}/api/health`)).json()).toEqual({ status: "ok", database: "postgres" });

    await admin(`DROP DATABASE ${name} WITH (FORCE)`);
    const down = await fetch(`${server.url}/api/health`);
    expect(down.status).toBe(503);
    expect(down.headers.get("content-type")).toBe("application/problem+json");
    expect(Number(down.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await down.json()).toMatchObject({ status: 503, code: "service_unavailable" });

    await admin(`CREATE DATABASE ${name}`);
    await expect.poll(async () => (await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(await server.stop()).toBe(0);
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
});

test("SIGTERM during a burst of slow requests: in-flight requests finish, and every 2xx is in the database", async () => {
  const dataDir = newDataDir();
  const server = await start(dataDir);
  const { workspace, link } = await seed(dataDir, "drain");

  // Requests answered before the signal are part of the burst too.
  const early = await Promise.all(
    Array.from({ length: 8 }, (_, i) => postLead(server, link, { name: `Early ${i}`, email: `early-${i}@drain.example` })),
  );
  const earlyAnswers = await Promise.all(
    early.map(async (response) => ({ status: response.status, body: (await response.json()) as IngestAnswer })),
  );
  for (const answer of earlyAnswers) expect(answer.status).toBe(201);

  const slow = Array.from({ length: 24 }, (_, i) =>
    slowPost(server, link.token, { name: `Slow ${i}`, email: `slow-${i}@drain.example` }),
  );
  await Promise.all(slow.map((request) => request.headersRead));

  server.child.kill("SIGTERM");
  await expect.poll(() => server.stdout()).toContain("Leadlink received SIGTERM");
  // Draining: no new connections are accepted.
  const refused = await new Promise<string>((resolve) => {
    const socket = net.connect(server.port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
  expect(refused).toBe("ECONNREFUSED");

  for (const request of slow) request.finish();
  const results = await Promise.all(slow.map((request) => request.result));
  expect(await server.stop()).toBe(0);

  // Every request that was in flight when the signal came was served in full, on a closing connection.
  for (const result of results) {
    expect(result).toMatchObject({ status: 201, connection: "close" });
  }
  const answered = [
    ...earlyAnswers.map((answer) => answer.body.leadId),
    ...results.map((result) => ("body" in result ? (JSON.parse(result.body) as IngestAnswer).leadId : "")),
  ];

  // With the server gone, the command line opens the database itself.
  const leads = await leadlinkCli<Lead[]>(dataDir, ["lead", "list", "--workspace", workspace.slug, "--limit", "100"]);
  expect(new Set(leads.map((lead) => lead.id))).toEqual(new Set(answered));
  expect(leads).toHaveLength(early.length + slow.length);
});

import pg from "pg";
import { leadlinkCli } from "./support/cli";
import { expect, test } from "./support/fixtures";
import { type RunningServer, removeDataDir, startServer, stopAll, tempDataDir } from "./support/server";

// Moving up (issue 10, item 3): an embedded install copied with `leadlink db copy` into PostgreSQL, then
// started in server mode, serves the same leads, and keeps deduplicating against them.

let servers: RunningServer[] = [];
let cleanup: (() => Promise<void>)[] = [];

test.afterEach(async () => {
  await stopAll(servers);
  for (const step of cleanup) await step();
  servers = [];
  cleanup = [];
});

test("db copy moves an embedded install to PostgreSQL: server mode finds the same leads", async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  test.skip(!adminUrl, "needs TEST_DATABASE_URL (a PostgreSQL server where the test may create a database)");
  const dataDir = tempDataDir();
  cleanup.push(async () => removeDataDir(dataDir));
  const name = `leadlink_move_${Math.random().toString(36).slice(2, 10)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  cleanup.push(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  const embedded = await startServer({ dataDir });
  servers.push(embedded);
  const slug = `move-${Math.random().toString(36).slice(2, 8)}`;
  await leadlinkCli(dataDir, ["workspace", "create", "--name", "Moving", "--slug", slug]);
  const link = await leadlinkCli<{ token: string }>(dataDir, ["link", "create", "--workspace", slug, "--name", "Landing page"]);
  const post = (server: RunningServer, body: Record<string, unknown>) =>
    fetch(`${server.url}/ingest/${link.token}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const created = await post(embedded, { name: "Ana Souza", email: "ana@move.example", telephone: "11987654321" });
  expect(created.status).toBe(201);
  const { leadId } = (await created.json()) as { leadId: string };
  expect((await post(embedded, { name: "Bruno", email: "bruno@move.example" })).status).toBe(201);

  // Copied while the embedded server runs: the command line reaches its engine.
  const copied = await leadlinkCli<{ tables: Record<string, number> }>(dataDir, ["db", "copy", "--to", databaseUrl]);
  expect(copied.tables.leads).toBe(2);
  const before = await leadlinkCli(dataDir, ["lead", "list", "--workspace", slug]);
  expect(await embedded.stop()).toBe(0);

  const serverDir = tempDataDir();
  cleanup.push(async () => removeDataDir(serverDir));
  const server = await startServer({ dataDir: serverDir, env: { DATABASE_URL: databaseUrl } });
  servers.push(server);
  expect(await leadlinkCli(dataDir, ["lead", "list", "--workspace", slug], { databaseUrl })).toEqual(before);
  // The same capture link, and the same person (by phone, in another format) updates the copied lead.
  const again = await post(server, { telephone: "+55 (11) 98765-4321", city: "Recife" });
  expect(again.status).toBe(200);
  expect(await again.json()).toEqual({ leadId, created: false, warnings: [] });
});

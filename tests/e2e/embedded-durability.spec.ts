import pg from "pg";
import { leadlinkCli } from "./support/cli";
import { expect, test } from "./support/fixtures";
import { type RunningServer, removeDataDir, startServer, stopAll, tempDataDir } from "./support/server";

// The embedded database under `kill -9` in the middle of a load: every lead the server acknowledged (2xx)
// is there after a restart, and the restart takes over the dead server's lock and engine socket.

let servers: RunningServer[] = [];
let dataDirs: string[] = [];

test.afterEach(async () => {
  await stopAll(servers);
  for (const dataDir of dataDirs) removeDataDir(dataDir);
  servers = [];
  dataDirs = [];
});

test("kill -9 mid-load loses no acknowledged lead; the next server starts on the same DATA_DIR", async () => {
  const dataDir = tempDataDir();
  dataDirs.push(dataDir);
  const first = await startServer({ dataDir });
  servers.push(first);
  const slug = `durable-${Math.random().toString(36).slice(2, 8)}`;
  await leadlinkCli(dataDir, ["workspace", "create", "--name", "Durable", "--slug", slug]);
  const link = await leadlinkCli<{ token: string }>(dataDir, ["link", "create", "--workspace", slug, "--name", "Load"]);

  const acknowledged: string[] = [];
  let sent = 0;
  let killed = false;
  const sender = async (worker: number) => {
    for (let i = 0; !killed; i++) {
      sent += 1;
      try {
        const response = await fetch(`${first.url}/ingest/${link.token}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ name: `Lead ${worker}-${i}`, email: `lead-${worker}-${i}@durable.example` }),
        });
        if (response.ok) acknowledged.push(((await response.json()) as { leadId: string }).leadId);
      } catch {
        // The connection died with the server: not acknowledged, so not owed.
      }
    }
  };
  const senders = Array.from({ length: 8 }, (_, worker) => sender(worker));
  await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(100);
  first.child.kill("SIGKILL");
  await first.exited;
  killed = true;
  await Promise.all(senders);
  expect(sent).toBeGreaterThan(acknowledged.length);

  const second = await startServer({ dataDir });
  servers.push(second);
  // Through the new server's engine socket in DATA_DIR, as psql would connect.
  const client = new pg.Client({ host: dataDir, port: 5432, user: "postgres", database: "postgres" });
  await client.connect();
  try {
    const { rows } = await client.query<{ leads: number; submissions: number }>(
      `SELECT (SELECT count(*)::int FROM leads WHERE id = ANY($1::uuid[])) AS leads,
              (SELECT count(*)::int FROM submissions WHERE lead_id = ANY($1::uuid[])) AS submissions`,
      [acknowledged],
    );
    expect(rows[0]).toEqual({ leads: acknowledged.length, submissions: acknowledged.length });
  } finally {
    await client.end();
  }
  expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
});

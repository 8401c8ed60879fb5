// The embedded engine (lib/db/embedded-engine-worker.mjs): one PGlite session shared by many PostgreSQL
// connections. Each connection must see what it would see on a PostgreSQL server: its own statements,
// its own transaction, nothing of another connection's unfinished work.
import { execFile } from "node:child_process";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { testDatabaseKind, useTestDatabase } from "../support/database";

describe.runIf(testDatabaseKind === "embedded")("the embedded engine", () => {
  const db = useTestDatabase();
  const clients: pg.Client[] = [];

  async function connect(): Promise<pg.Client> {
    const client = new pg.Client(db.current.connection);
    clients.push(client);
    await client.connect();
    return client;
  }

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.end().catch(() => {})));
    await db.current.exec("DROP TABLE IF EXISTS engine_probe");
  });

  it("runs many connections' parameterised and prepared statements at once without mixing them up", async () => {
    // What @electric-sql/pglite-socket's per-message queue fails: interleaved Parse/Bind/Execute of
    // concurrent connections ("portal does not exist", answers to the wrong query), and one connection's
    // prepared statement name colliding with another's.
    const connections = await Promise.all(Array.from({ length: 6 }, connect));
    const wrong = await Promise.all(
      connections.map(async (client, c) => {
        let mistakes = 0;
        for (let i = 0; i < 40; i++) {
          const value = c * 1000 + i;
          const prepared = await client.query({ name: "probe", text: "SELECT $1::int * 2 AS doubled", values: [value] });
          const plain = await client.query("SELECT $1::text || '!' AS shout", [`v${value}`]);
          if (prepared.rows[0].doubled !== value * 2 || plain.rows[0].shout !== `v${value}!`) mistakes += 1;
        }
        return mistakes;
      }),
    );
    expect(wrong).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it("keeps another connection's statements out of an open transaction", async () => {
    await db.current.exec("CREATE TABLE engine_probe (name text)");
    const [a, b] = [await connect(), await connect()];
    await a.query("BEGIN");
    await a.query("INSERT INTO engine_probe VALUES ('inside')");
    // b's statement waits for a's transaction to end instead of running inside it.
    let bDone = false;
    const bInsert = b.query("INSERT INTO engine_probe VALUES ('outside')").then(() => (bDone = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bDone).toBe(false);
    await a.query("ROLLBACK");
    await bInsert;
    const { rows } = await b.query("SELECT name FROM engine_probe ORDER BY name");
    expect(rows).toEqual([{ name: "outside" }]);
  });

  it("rolls back the transaction of a connection that goes away, and serves the others", async () => {
    await db.current.exec("CREATE TABLE engine_probe (name text)");
    const a = await connect();
    await a.query("BEGIN");
    await a.query("INSERT INTO engine_probe VALUES ('abandoned')");
    const other = await connect();
    const waiting = other.query("SELECT count(*)::int AS n FROM engine_probe");
    await a.end();
    expect((await waiting).rows).toEqual([{ n: 0 }]);
  });

  it("keeps one connection's session settings from reaching the others", async () => {
    const [a, b] = [await connect(), await connect()];
    // What pg_dump does first, and what a psql user might type.
    await a.query("SELECT pg_catalog.set_config('search_path', '', false)");
    await a.query("SET TIME ZONE 'America/Sao_Paulo'");
    // Unqualified names, as the app's raw SQL uses them, and the app's time zone.
    expect((await b.query("SELECT count(*)::int AS n FROM _prisma_migrations")).rows[0].n).toBeGreaterThan(0);
    expect((await b.query("SELECT current_setting('TimeZone') AS zone")).rows).toEqual([{ zone: "UTC" }]);
    // Inside its transaction, a connection's SET LOCAL holds, and others wait for the transaction to end.
    await a.query("BEGIN");
    await a.query("SET LOCAL TIME ZONE 'America/Sao_Paulo'");
    expect((await a.query("SELECT current_setting('TimeZone') AS zone")).rows).toEqual([{ zone: "America/Sao_Paulo" }]);
    await a.query("COMMIT");
    expect((await b.query("SELECT current_setting('TimeZone') AS zone")).rows).toEqual([{ zone: "UTC" }]);
  });

  it("answers psql on its Unix socket", async () => {
    const host = db.current.connection.host!;
    const output = await new Promise<string>((resolve, reject) =>
      execFile(
        "psql",
        [
          "-h",
          host,
          "-U",
          "postgres",
          "-d",
          "postgres",
          "-At",
          "-c",
          "SELECT count(*) FROM _prisma_migrations WHERE finished_at IS NOT NULL",
        ],
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      ),
    ).catch((error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? "no psql" : Promise.reject(error)));
    if (output === "no psql") return;
    expect(Number(output.trim())).toBeGreaterThan(0);
  });
});

import { randomBytes, randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { type RunningServer, removeDataDir, startServer, stopAll, tempDataDir } from "./server";

/**
 * The PostgreSQL server the suite may create databases on (.ci/run sets it). Specs that need one call
 * this first: without it they are skipped, like the integration tests' postgres project.
 */
export function requirePostgres(): string {
  const url = process.env.TEST_DATABASE_URL;
  test.skip(!url, "needs TEST_DATABASE_URL (a PostgreSQL server where the test may create a database)");
  return url!;
}

export interface TestDatabase {
  /** The new database's URL, for DATABASE_URL. */
  url: string;
  query<T extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Closes the test's own connection and drops the database (whoever is still connected). */
  drop(): Promise<void>;
}

/** A fresh, empty database for one test: the servers started on it create the schema (migrations). */
export async function createDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `leadlink_e2e_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async query(sql, params) {
      // A connection per query, closed before the answer is returned: a pool's end() does not wait for
      // its connections to close, and the DROP ... WITH (FORCE) of drop() would then kill one mid-close
      // (an "administrator command" error thrown in the test). Named, so a spec can tell its own
      // connection from the servers' in pg_stat_activity.
      const client = new pg.Client({ connectionString: url.toString(), application_name: "leadlink-e2e" });
      await client.connect();
      try {
        return (await client.query(sql, params)).rows;
      } finally {
        await client.end();
      }
    },
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export interface SeededLink {
  workspaceId: string;
  linkId: string;
  token: string;
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * A workspace and a capture link written straight into a migrated database (the command line's `link
 * create` does not take a rate limit or a honeypot; the server reads links from the database anyway).
 */
export async function seedLink(
  database: TestDatabase,
  options: { rateLimit?: string; honeypotField?: string } = {},
): Promise<SeededLink> {
  const workspaceId = randomUUID();
  const linkId = randomUUID();
  const token = `cl_${Array.from(randomBytes(22), (byte) => BASE62[byte % 62]).join("")}`;
  await database.query("INSERT INTO workspaces (id, name, slug) VALUES ($1, $2, $3)", [
    workspaceId,
    "Hardening",
    `hardening-${workspaceId.slice(0, 8)}`,
  ]);
  await database.query(
    "INSERT INTO capture_links (id, workspace_id, token, name, rate_limit, honeypot_field) VALUES ($1, $2, $3, $4, $5, $6)",
    [linkId, workspaceId, token, "Landing page", options.rateLimit ?? null, options.honeypotField ?? null],
  );
  return { workspaceId, linkId, token };
}

/** Leads and submission records of a link, by outcome: what the figures of the hardening note count. */
export async function countStored(
  database: TestDatabase,
  link: SeededLink,
): Promise<{ leads: number; submissions: Record<string, number> }> {
  const [leads] = await database.query<{ count: string }>("SELECT count(*) FROM leads WHERE workspace_id = $1", [
    link.workspaceId,
  ]);
  const rows = await database.query<{ outcome: string; error_code: string | null; count: string }>(
    "SELECT outcome, error_code, count(*) FROM submissions WHERE capture_link_id = $1 GROUP BY outcome, error_code",
    [link.linkId],
  );
  const submissions: Record<string, number> = {};
  for (const row of rows) submissions[row.error_code ? `${row.outcome}:${row.error_code}` : row.outcome] = Number(row.count);
  return { leads: Number(leads!.count), submissions };
}

/**
 * Production servers and a PostgreSQL database for each test of a spec, stopped and dropped after it
 * (also when it fails). Call once, at the top of the spec file.
 */
export function serversOnPostgres() {
  let servers: RunningServer[] = [];
  let dataDirs: string[] = [];
  let database: TestDatabase | undefined;
  test.afterEach(async () => {
    await stopAll(servers);
    for (const dataDir of dataDirs) removeDataDir(dataDir);
    await database?.drop();
    servers = [];
    dataDirs = [];
    database = undefined;
  });
  return {
    /** The test's database, created on first use (skips the test without TEST_DATABASE_URL). */
    async database(): Promise<TestDatabase> {
      database ??= await createDatabase(requirePostgres());
      return database;
    },
    /** A server with its own DATA_DIR, once it answers its health check (which also loads its routes). */
    async start(env: Record<string, string | undefined>): Promise<RunningServer> {
      const dataDir = tempDataDir();
      dataDirs.push(dataDir);
      const server = await startServer({ dataDir, env });
      servers.push(server);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      return server;
    },
  };
}

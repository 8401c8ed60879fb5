import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { type Database, openDatabase, useDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { startPgBouncer } from "./pgbouncer";

/** Which database the integration tests of this project run on: see vitest.config.ts. */
export const testDatabaseKind = (process.env.LEADLINK_TEST_DB ?? "embedded") as "embedded" | "postgres";

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set: the postgres test project needs it");
  return url;
}

/** A fresh PostgreSQL database on the TEST_DATABASE_URL server; dropped by `drop`. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `leadlink_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * TEST_DATABASE_POOLER=transaction: the PostgreSQL tests go through a PgBouncer of their own in transaction
 * mode, as DATABASE_POOLER=transaction deploys it (DESIGN.md section 17), with fewer server connections than
 * the app's pool, so that any test file can be run through the pooler.
 */
const throughPooler = process.env.TEST_DATABASE_POOLER === "transaction";

/** A migrated database of the kind under test, not installed as the app's database. */
export async function createTestDatabase(): Promise<{ database: Database; dispose: () => Promise<void> }> {
  if (testDatabaseKind === "postgres") {
    const created = await createPostgresDatabase();
    const bouncer = throughPooler ? await startPgBouncer(created.url, "transaction", 6) : undefined;
    const database = await openDatabase(
      bouncer
        ? { kind: "postgres", url: bouncer.through(created.url), poolSize: 20, pooler: "transaction", directUrl: created.url }
        : { kind: "postgres", url: created.url, poolSize: 20 },
    );
    await migrate(database);
    return {
      database,
      async dispose() {
        await database.close();
        await bouncer?.stop();
        await created.drop();
      },
    };
  }
  const snapshot = inject("pgliteSnapshot" as never) as string | undefined;
  const database = await openDatabase({ kind: "embedded", dataDir: null, snapshot });
  await migrate(database);
  return { database, dispose: () => database.close() };
}

/**
 * Gives the test file its own migrated database (in-memory PGlite, or a new PostgreSQL database when the
 * postgres project runs) and installs it as the app's database, so route handlers and server actions use it.
 */
export function useTestDatabase(): { readonly current: Database } {
  const holder: { current?: Database; dispose?: () => Promise<void> } = {};
  beforeAll(async () => {
    const { database, dispose } = await createTestDatabase();
    holder.current = database;
    holder.dispose = dispose;
    useDatabase(database);
  }, 60_000);
  afterAll(async () => {
    await holder.dispose?.();
  });
  return {
    get current() {
      if (!holder.current) throw new Error("the test database is opened in beforeAll");
      return holder.current;
    },
  };
}

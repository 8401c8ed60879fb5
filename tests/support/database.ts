import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { type Database, openDatabase, useDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";

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

/** A migrated database of the kind under test, not installed as the app's database. */
export async function createTestDatabase(): Promise<{ database: Database; dispose: () => Promise<void> }> {
  if (testDatabaseKind === "postgres") {
    const created = await createPostgresDatabase();
    const database = await openDatabase({ kind: "postgres", url: created.url, poolSize: 20 });
    await migrate(database);
    return {
      database,
      async dispose() {
        await database.close();
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

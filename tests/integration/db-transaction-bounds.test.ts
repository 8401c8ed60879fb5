import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "@/lib/db/client";
import { createPostgresDatabase, testDatabaseKind } from "../support/database";

// Prisma's interactive transactions have bounds of their own, apart from the pool's: by default a transaction
// may wait 2 s for a connection and take 5 s in all, past which Prisma throws ("Unable to start a transaction in
// the given time", "expired transaction") and the request would be answered 500. On a loaded server a second
// admin change (two custom fields created at once, each taking the workspace's field-keys lock) waits that
// long for a connection or a lock. The bounds follow the pool's instead (lib/db/pg-database.ts): a transaction
// waits for a connection as long as the pool's queue does, and each statement keeps its own 2.5 s bound.

describe.skipIf(testDatabaseKind !== "postgres")("PostgreSQL transactions' bounds", () => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: Database;

  beforeAll(async () => {
    created = await createPostgresDatabase();
    database = await openDatabase({ kind: "postgres", url: created.url, poolSize: 1 });
  });

  afterAll(async () => {
    await database?.close().catch(() => {});
    await created?.drop();
  });

  it("starts a transaction that waited more than Prisma's default 2 s for the only connection", async () => {
    // The pool's one connection is busy for 2.3 s (within a statement's 2.5 s bound); then() starts it, as
    // Prisma's queries run only once awaited.
    const busy = database.prisma.$executeRaw`SELECT pg_sleep(2.3)`.then((rows) => rows);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    const answer = await database.prisma.$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<{ one: number }[]>`SELECT 1 AS one`;
      return row?.one;
    });
    expect(answer).toBe(1);
    expect(performance.now() - started).toBeGreaterThan(2_000);
    await busy;
  });

  it("lets a transaction run past Prisma's default 5 s in all when each statement is within its bound", async () => {
    const seconds = await database.prisma.$transaction(async (tx) => {
      const started = performance.now();
      for (let step = 0; step < 3; step += 1) await tx.$executeRaw`SELECT pg_sleep(2)`;
      return (performance.now() - started) / 1000;
    });
    expect(seconds).toBeGreaterThan(5.5);
  }, 30_000);
});

import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type Database, statement } from "./client";
import { type PartitionReport, partitionSubmissions } from "./submission-partitions";

export interface MigrationReport {
  applied: string[];
  alreadyApplied: number;
  /** The conversion of `submissions` to monthly partitions, which runs after the migrations (issue 30). */
  partitions?: PartitionReport;
}

/** Prisma's own bookkeeping table, so `prisma migrate status` and this migrator agree. */
const BOOKKEEPING = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export function migrationsDir(): string {
  return path.join(process.cwd(), "prisma", "migrations");
}

function readMigrations(dir: string): { name: string; sql: string; checksum: string }[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/**
 * Applies the SQL migrations in prisma/migrations (Prisma's layout) that the database has not seen,
 * each in its own transaction. Instances starting together on one PostgreSQL take turns (advisory lock).
 */
export async function migrate(database: Database, dir = migrationsDir()): Promise<MigrationReport> {
  const migrations = readMigrations(dir);
  const report = await database.exclusive(async (session): Promise<MigrationReport> => {
    await session.exec(BOOKKEEPING);
    const done = new Set(
      (
        await session.sql<{ migration_name: string }>(
          statement(`SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`),
        )
      ).map((row) => row.migration_name),
    );
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      try {
        await session.transaction(async (tx) => {
          await tx.exec(migration.sql);
          await tx.sql(
            statement(
              `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
               VALUES ($1, $2, $3, now(), now(), 1)`,
              [randomUUID(), migration.checksum, migration.name],
            ),
          );
        });
      } catch (error) {
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(migration.name);
    }
    return { applied, alreadyApplied: done.size };
  });
  // Outside the migrator's lock and transactions: its steps scan and build while writes go on, and
  // instances starting meanwhile must not wait for them (lib/db/submission-partitions.ts).
  return { ...report, partitions: await partitionSubmissions(database) };
}

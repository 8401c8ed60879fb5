// Issue 30 (DESIGN.md section 17): `submissions` partitioned by month. A fresh install's table and its
// months ahead, queries by id, inserts across a month's end and past the months created (the default
// partition), row-wise retention per workspace over partitions, retention by partition, and the in-place
// conversion of an existing table of 200,000 rows while ingest writes go on. Real route handlers and
// databases (PGlite and PostgreSQL).
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, statement, useDatabase } from "@/lib/db/client";
import { migrate, migrationsDir } from "@/lib/db/migrate";
import {
  type ConversionStep,
  ensureSubmissionPartitions,
  LEGACY_PARTITION,
  listSubmissionPartitions,
  monthPartitionName,
} from "@/lib/db/submission-partitions";
import { dropExpiredSubmissionMonths } from "@/lib/privacy/partition-retention";
import { purgeExpiredData } from "@/lib/privacy/retention";
import { createPostgresDatabase, testDatabaseKind, useTestDatabase } from "../support/database";
import { createLink, createWorkspace } from "../support/fixtures";
import { postText, uniqueEmail, withoutRateLimit } from "../support/ingest-helpers";

const db = useTestDatabase();
withoutRateLimit();

const DAY = 86_400_000;
const month = (year: number, monthIndex: number) => new Date(Date.UTC(year, monthIndex, 1));

async function legacyUntil(database: Database): Promise<Date> {
  const [row] = await database.sql<{ legacy_until: Date }>(statement(`SELECT legacy_until FROM submission_partitioning`));
  return new Date(row?.legacy_until as Date);
}

/** The partition a row is stored in. */
async function partitionOf(database: Database, id: string): Promise<string | undefined> {
  const [row] = await database.sql<{ partition: string }>(
    statement(`SELECT tableoid::regclass::text AS partition FROM submissions WHERE id = $1::uuid`, [id]),
  );
  return row?.partition;
}

/** A submission row as ingest writes a rejected one, at `receivedAt`. */
async function insertSubmission(
  database: Database,
  link: { id: string; workspaceId: string },
  receivedAt: Date,
  outcome: "rejected" | "created" = "rejected",
): Promise<string> {
  const id = randomUUID();
  await database.sql(
    statement(
      `INSERT INTO submissions (id, workspace_id, capture_link_id, outcome, status, payload, ip, user_agent, received_at)
       VALUES ($1::uuid, $2::uuid, $3::uuid, $4::submission_outcome, $5, '{"email":"x@example.com"}', '203.0.113.9', 'curl', $6)`,
      [id, link.workspaceId, link.id, outcome, outcome === "rejected" ? 422 : 201, receivedAt],
    ),
  );
  return id;
}

describe("a migrated database", () => {
  it("has submissions partitioned by month: the legacy partition, a default one, and the months ahead", async () => {
    const [table] = await db.current.sql<{ kind: string }>(
      statement(`SELECT relkind::text AS kind FROM pg_class WHERE oid = 'submissions'::regclass`),
    );
    expect(table?.kind).toBe("p");
    const [key] = await db.current.sql<{ definition: string }>(
      statement(`SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conname = 'submissions_pkey'`),
    );
    expect(key?.definition).toBe("PRIMARY KEY (id, received_at)");
    const until = await legacyUntil(db.current);
    expect(until.getUTCDate()).toBe(1);
    const names = (await listSubmissionPartitions(db.current)).map((partition) => partition.name);
    expect(names[0]).toBe(LEGACY_PARTITION);
    const now = new Date();
    await ensureSubmissionPartitions(db.current, { now: () => until });
    expect((await listSubmissionPartitions(db.current)).map((partition) => partition.name)).toEqual(
      expect.arrayContaining([LEGACY_PARTITION, monthPartitionName(until)]),
    );
    expect(until.getTime()).toBeGreaterThan(now.getTime());
  });

  it("stores what ingest sends, and finds, updates and lists it by id", async () => {
    const workspace = await createWorkspace(db.current);
    const link = await createLink(db.current, workspace.id);
    const response = await postText(link.token, JSON.stringify({ email: uniqueEmail(), name: "Ana" }));
    expect(response.status).toBe(201);
    const { leadId } = (await response.json()) as { leadId: string };
    const stored = await db.current.prisma.submission.findFirstOrThrow({ where: { leadId } });
    expect(await db.current.prisma.submission.findUnique({ where: { id: stored.id } })).toMatchObject({ id: stored.id, leadId });
    const updated = await db.current.prisma.submission.updateMany({
      where: { id: stored.id, workspaceId: workspace.id },
      data: { releasedAt: new Date() },
    });
    expect(updated.count).toBe(1);
    expect(await partitionOf(db.current, stored.id)).toBe(LEGACY_PARTITION);
    // The same Idempotency-Key and body answer the first outcome (the replay joins submissions by id).
    const body = JSON.stringify({ email: uniqueEmail(), name: "Bia" });
    const first = await postText(link.token, body, { "idempotency-key": "k-1" });
    const again = await postText(link.token, body, { "idempotency-key": "k-1" });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(((await again.json()) as { leadId: string }).leadId).toBe(((await first.json()) as { leadId: string }).leadId);
  });

  it("puts rows on each side of a month's end in their months; past the months created, in the default partition, moved later", async () => {
    const workspace = await createWorkspace(db.current);
    const link = await createLink(db.current, workspace.id);
    const until = await legacyUntil(db.current);
    const lastMonth = month(until.getUTCFullYear(), until.getUTCMonth() + 1);
    const clock = new Date(lastMonth.getTime() - 1); // the last millisecond of the month before lastMonth
    await ensureSubmissionPartitions(db.current, { now: () => clock });
    const before = await insertSubmission(db.current, link, new Date(lastMonth.getTime() - 1));
    const after = await insertSubmission(db.current, link, lastMonth);
    expect(await partitionOf(db.current, before)).toBe(monthPartitionName(until));
    expect(await partitionOf(db.current, after)).toBe(monthPartitionName(lastMonth));
    // The clock runs past every month created (the job did not run for half a year): the insert does not fail.
    const far = month(until.getUTCFullYear(), until.getUTCMonth() + 8);
    const stray = await insertSubmission(db.current, link, new Date(far.getTime() + 5 * DAY));
    expect(await partitionOf(db.current, stray)).toBe("submissions_default");
    const created = await ensureSubmissionPartitions(db.current, { now: () => far });
    expect(created).toContain(monthPartitionName(far));
    expect(await partitionOf(db.current, stray)).toBe(monthPartitionName(far));
    expect(await db.current.prisma.submission.count({ where: { captureLinkId: link.id } })).toBe(3);
  });

  it("keeps row-wise retention per workspace in month partitions: each workspace's windows, counts kept", async () => {
    const until = await legacyUntil(db.current);
    const first = month(until.getUTCFullYear(), until.getUTCMonth() + 12);
    await ensureSubmissionPartitions(db.current, { now: () => first });
    const short = await createWorkspace(db.current);
    const long = await createWorkspace(db.current);
    await db.current.prisma.workspace.update({ where: { id: short.id }, data: { retentionRejectedPayloadDays: 5 } });
    await db.current.prisma.workspace.update({ where: { id: long.id }, data: { retentionRejectedPayloadDays: 60 } });
    const shortLink = await createLink(db.current, short.id);
    const longLink = await createLink(db.current, long.id);
    const shortRow = await insertSubmission(db.current, shortLink, new Date(first.getTime() + 2 * DAY));
    const longRow = await insertSubmission(db.current, longLink, new Date(first.getTime() + 2 * DAY));
    const result = await purgeExpiredData(db.current, { now: () => new Date(first.getTime() + 20 * DAY), batchSize: 2 });
    expect(result.rejectedPayloads).toBeGreaterThanOrEqual(1);
    const rows = await db.current.prisma.submission.findMany({
      where: { id: { in: [shortRow, longRow] } },
      select: { id: true, payload: true, outcome: true },
    });
    expect(rows.find((row) => row.id === shortRow)).toMatchObject({ payload: null, outcome: "rejected" });
    expect(rows.find((row) => row.id === longRow)?.payload).not.toBeNull();
  });
});

describe("retention by partition", () => {
  it("drops a whole month only with SUBMISSIONS_KEEP_MONTHS, once it is older than that and past every workspace's window", async () => {
    const until = await legacyUntil(db.current);
    const base = month(until.getUTCFullYear(), until.getUTCMonth() + 24);
    await ensureSubmissionPartitions(db.current, { now: () => base });
    const workspace = await createWorkspace(db.current);
    const link = await createLink(db.current, workspace.id);
    const old = await insertSubmission(db.current, link, new Date(base.getTime() + DAY), "created");
    const next = month(base.getUTCFullYear(), base.getUTCMonth() + 1);
    const kept = await insertSubmission(db.current, link, new Date(next.getTime() + DAY), "created");
    // Four months on: base is older than 3 whole months, next is not.
    const clock = month(base.getUTCFullYear(), base.getUTCMonth() + 4);
    expect(await dropExpiredSubmissionMonths(db.current, { now: clock })).toEqual([]);
    // The longest window of any workspace (here 3650 days) holds every month back.
    await db.current.prisma.workspace.update({ where: { id: workspace.id }, data: { retentionRequestMetaDays: 3650 } });
    expect(await dropExpiredSubmissionMonths(db.current, { now: clock, keepMonths: 3 })).toEqual([]);
    await db.current.prisma.workspace.updateMany({ data: { retentionRequestMetaDays: 30, retentionRejectedPayloadDays: 30 } });
    const dropped = await dropExpiredSubmissionMonths(db.current, { now: clock, keepMonths: 3 });
    expect(dropped).toContain(monthPartitionName(base));
    expect(dropped).toContain(LEGACY_PARTITION);
    expect(dropped).not.toContain(monthPartitionName(next));
    expect(await partitionOf(db.current, old)).toBeUndefined();
    expect(await partitionOf(db.current, kept)).toBe(monthPartitionName(next));
    // Inserts still find a partition for every date.
    const early = await insertSubmission(db.current, link, new Date(base.getTime() - 400 * DAY));
    expect(await partitionOf(db.current, early)).toBe("submissions_default");
  });
});

/** The migrations before this feature's, in a directory of their own: an install as it was before upgrading. */
function migrationsBeforePartitions(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "leadlink-migrations-"));
  for (const name of fs.readdirSync(migrationsDir())) {
    if (name >= "20261129040000") continue;
    fs.cpSync(path.join(migrationsDir(), name), path.join(dir, name), { recursive: true });
  }
  return dir;
}

describe("converting an existing install's table in place", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    useDatabase(db.current);
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("keeps every row of 200,000 and every write made meanwhile, once each, and writers wait little", async () => {
    let database: Database;
    if (testDatabaseKind === "postgres") {
      const created = await createPostgresDatabase();
      database = await openDatabase({ kind: "postgres", url: created.url, poolSize: 12 });
      cleanups.push(created.drop);
    } else {
      database = await openDatabase({ kind: "embedded", dataDir: null });
    }
    cleanups.push(() => database.close());
    const before = migrationsBeforePartitions();
    cleanups.push(async () => fs.rmSync(before, { recursive: true, force: true }));
    await migrate(database, before);
    useDatabase(database);

    const workspace = await createWorkspace(database);
    const link = await createLink(database, workspace.id);
    const ROWS = 200_000;
    // On a connection of its own: the pool's query timeout is shorter than this fill on a loaded machine.
    const filler = new pg.Client(database.sessionConnection);
    await filler.connect();
    await filler.query(`
      INSERT INTO submissions (id, workspace_id, capture_link_id, outcome, status, payload, ip, received_at)
      SELECT gen_random_uuid(), '${workspace.id}', '${link.id}', 'rejected', 422, '{"n":' || g || '}', '198.51.100.7',
             now() - (g || ' seconds')::interval * 150
      FROM generate_series(1, ${ROWS}) g`);
    await filler.query("ANALYZE submissions");
    await filler.end();

    // Writers: real ingest requests, back to back from 4 clients, before, during and after the conversion.
    const accepted: string[] = [];
    let writing = true;
    const writer = async () => {
      while (writing) {
        const response = await postText(link.token, JSON.stringify({ email: uniqueEmail("w"), name: "Writer" }));
        expect(response.status).toBe(201);
        accepted.push(((await response.json()) as { leadId: string }).leadId);
      }
    };
    // On PostgreSQL, a sampler reads how long any backend has waited on a lock (the writers': nothing else runs).
    let longestLockWaitMs = 0;
    let sampling = testDatabaseKind === "postgres";
    const sampler = async () => {
      while (sampling) {
        const [row] = await database.sql<{ ms: number | null }>(
          statement(`SELECT max(extract(epoch FROM clock_timestamp() - state_change) * 1000)::float8 AS ms
                     FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()
                       AND query NOT ILIKE '%ALTER TABLE%' AND query NOT ILIKE '%CREATE%INDEX%'`),
        );
        longestLockWaitMs = Math.max(longestLockWaitMs, row?.ms ?? 0);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const writers = [writer(), writer(), writer(), writer(), sampler()];
    await new Promise((resolve) => setTimeout(resolve, 300));
    const steps: ConversionStep[] = [];
    const started = performance.now();
    const report = await migrate(database, migrationsDir());
    const conversionMs = performance.now() - started;
    const duringConversion = accepted.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    writing = false;
    sampling = false;
    await Promise.all(writers);
    steps.push(...(report.partitions?.steps ?? []));
    console.info(
      `[partitions] ${testDatabaseKind}: converted ${ROWS} rows in ${Math.round(conversionMs)} ms; ${accepted.length} ingest writes ` +
        `(${duringConversion} by the end of the conversion); longest lock wait ${Math.round(longestLockWaitMs)} ms; ` +
        `load average ${os.loadavg()[0]?.toFixed(2)}`,
    );

    expect(report.applied).toContain("20261129040000_submission_partitions");
    expect(steps).toEqual(["bound", "unique-index", "validate", "swap"]);
    const [kind] = await database.sql<{ kind: string }>(
      statement(`SELECT relkind::text AS kind FROM pg_class WHERE oid = 'submissions'::regclass`),
    );
    expect(kind?.kind).toBe("p");
    const [counts] = await database.sql<{ total: number; ids: number; legacy: number }>(
      statement(
        `SELECT count(*)::int AS total, count(DISTINCT id)::int AS ids,
                        count(*) FILTER (WHERE tableoid = '${LEGACY_PARTITION}'::regclass)::int AS legacy
                 FROM submissions WHERE capture_link_id = $1::uuid`,
        [link.id],
      ),
    );
    expect(accepted.length).toBeGreaterThan(0);
    expect(counts).toEqual({ total: ROWS + accepted.length, ids: ROWS + accepted.length, legacy: ROWS + accepted.length });
    const stored = await database.prisma.submission.findMany({ where: { leadId: { in: accepted } }, select: { leadId: true } });
    expect(new Set(stored.map((row) => row.leadId))).toEqual(new Set(accepted));
    // Writers waited for a lock at most about the conversion's lock timeout (1 s), never for a scan or a build.
    if (testDatabaseKind === "postgres") expect(longestLockWaitMs).toBeLessThan(1_500);
    // A second run finds the work done.
    expect((await migrate(database, migrationsDir())).partitions?.converted).toBe(false);
  }, 600_000);
});

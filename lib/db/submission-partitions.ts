/**
 * `submissions` partitioned by month on `received_at` (DESIGN.md section 17, issue 30), with PostgreSQL's own
 * declarative partitioning, on both engines.
 *
 * An install that had the plain table keeps it, unchanged and unmoved, as the partition `submissions_legacy`
 * for every row before `submission_partitioning.legacy_until` (the first day of the month after next when
 * migration 20261129040000 ran); months from there on are partitions of their own, created ahead of the
 * clock, and `submissions_default` takes whatever arrives outside them, so that an insert never fails.
 * Nothing is copied: the conversion is a CHECK constraint added NOT VALID and validated (a scan that lets
 * writes go on), a unique index built CONCURRENTLY (the same), then one short transaction that renames the
 * table, creates the partitioned one over it and attaches it without a scan. Every step is resumable: it
 * looks at the catalogue first, so a run cut short carries on where it stopped.
 */
import pg from "pg";
import type { Database, SqlExecutor } from "./database";
import { statement } from "./database";

export const LEGACY_PARTITION = "submissions_legacy";
export const DEFAULT_PARTITION = "submissions_default";
const LEGACY_BOUND = "submissions_legacy_bound";
const LEGACY_KEY = "submissions_legacy_id_received_at_key";
/** Held by the session that converts the table; another instance finding it taken leaves the work to it. */
const CONVERSION_LOCK_KEY = 727_073_692;
/** Months created ahead of the clock: the retention job creates them hourly, so three is ample. */
const MONTHS_AHEAD = 3;

export interface PartitionOptions {
  /** The clock (tests move it across a month's end). */
  now?: () => Date;
  /**
   * How long a step that needs the table to itself waits for it before giving up and trying again:
   * writers queue behind a waiting ACCESS EXCLUSIVE request, so this bounds what they wait too.
   */
  lockTimeoutMs?: number;
  /** Tries of such a step before the conversion gives up (the next start or `db:migrate` resumes it). */
  attempts?: number;
  /** Called as each step of the conversion starts (tests and the log). */
  onStep?: (step: ConversionStep) => void;
}

export type ConversionStep = "bound" | "unique-index" | "validate" | "swap";

export interface PartitionReport {
  /** Whether this call converted the plain table. */
  converted: boolean;
  /** The conversion's steps this call ran, in order (none once the table is partitioned). */
  steps: ConversionStep[];
  /** Month partitions created. */
  created: string[];
}

export interface SubmissionPartition {
  name: string;
  /** Undefined for the legacy partition, which starts at MINVALUE. */
  from?: Date;
  to: Date;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (instant: Date) => `'${instant.toISOString()}'::timestamptz`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function monthStart(instant: Date, addMonths = 0): Date {
  return new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth() + addMonths, 1));
}

/** `submissions_2026_12` holds December 2026 (UTC). */
export function monthPartitionName(start: Date): string {
  return `submissions_${start.getUTCFullYear()}_${String(start.getUTCMonth() + 1).padStart(2, "0")}`;
}

function parseMonthPartition(name: string): Date | undefined {
  const match = /^submissions_(\d{4})_(\d{2})$/.exec(name);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)) : undefined;
}

function isLockTimeout(error: unknown): boolean {
  return (error as { code?: string }).code === "55P03";
}

/**
 * Runs `work` in a transaction that waits at most `lockTimeoutMs` for each lock, tried again after a pause
 * when it timed out: a long query on `submissions` delays the step, never the writers behind it.
 */
async function withShortLocks<T>(
  transaction: (work: (tx: SqlExecutor) => Promise<T>) => Promise<T>,
  options: PartitionOptions,
  work: (tx: SqlExecutor) => Promise<T>,
): Promise<T> {
  const attempts = options.attempts ?? 30;
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction(async (tx) => {
        await tx.exec(`SET LOCAL lock_timeout = ${Math.max(1, Math.round(options.lockTimeoutMs ?? 1_000))}`);
        return work(tx);
      });
    } catch (error) {
      if (!isLockTimeout(error) || attempt >= attempts) throw error;
      await sleep(Math.min(5_000, 100 * attempt));
    }
  }
}

async function isPartitioned(executor: SqlExecutor): Promise<boolean> {
  const [row] = await executor.sql<{ kind: string }>(
    statement(`SELECT relkind::text AS kind FROM pg_class WHERE oid = 'submissions'::regclass`),
  );
  return row?.kind === "p";
}

async function legacyUntil(executor: SqlExecutor): Promise<Date> {
  const [row] = await executor.sql<{ legacy_until: Date }>(statement(`SELECT legacy_until FROM submission_partitioning`));
  if (!row) throw new Error("submission_partitioning has no row: migration 20261129040000 did not run");
  return new Date(row.legacy_until);
}

/** One session of its own (statements outside a transaction: CREATE INDEX CONCURRENTLY), as a session. */
function sessionOn(client: pg.Client) {
  const executor: SqlExecutor = {
    sql: async <T>(sql: { text: string; values: readonly unknown[] }) =>
      (await client.query(sql.text, sql.values as unknown[])).rows as T[],
    exec: async (script: string) => {
      await client.query(script);
    },
  };
  const transaction = async <T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> => {
    await client.query("BEGIN");
    try {
      const result = await work(executor);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    }
  };
  return { ...executor, transaction };
}

/**
 * Converts a plain `submissions` into the partitioned table (a no-op once it is), then creates the months
 * ahead. Returns whether this call did the conversion. Runs after the migrations (lib/db/migrate.ts) on a
 * connection of its own, outside the migrator's lock, so instances starting meanwhile are not held; with
 * several, the first one converts and the others go on (the old table serves until the swap).
 */
export async function partitionSubmissions(database: Database, options: PartitionOptions = {}): Promise<PartitionReport> {
  const steps: ConversionStep[] = [];
  const record = {
    ...options,
    onStep: (step: ConversionStep) => {
      steps.push(step);
      options.onStep?.(step);
    },
  };
  // A database migrated only up to an older migration (a test of the upgrade) has nothing to convert yet.
  const [state] = await database.sql<{ table: string | null }>(
    statement(`SELECT to_regclass('submission_partitioning')::text AS table`),
  );
  if (!state?.table) return { converted: false, steps, created: [] };
  const client = new pg.Client(database.sessionConnection);
  client.on("error", () => {});
  await client.connect();
  let converted = false;
  try {
    const session = sessionOn(client);
    const [lock] = await session.sql<{ ok: boolean }>(statement("SELECT pg_try_advisory_lock($1) AS ok", [CONVERSION_LOCK_KEY]));
    // Another instance is converting: the plain table serves until its swap.
    if (!lock?.ok) return { converted: false, steps, created: [] };
    try {
      converted = await convert(session, database.kind, record);
    } finally {
      await session.sql(statement("SELECT pg_advisory_unlock($1)", [CONVERSION_LOCK_KEY]));
    }
  } finally {
    await client.end().catch(() => {});
  }
  return { converted, steps, created: await ensureSubmissionPartitions(database, options) };
}

async function convert(
  session: ReturnType<typeof sessionOn>,
  kind: Database["kind"],
  options: PartitionOptions,
): Promise<boolean> {
  if (await isPartitioned(session)) return false;
  const until = await legacyUntil(session);
  const constraint = async () =>
    (
      await session.sql<{ validated: boolean }>(
        statement(
          `SELECT convalidated AS validated FROM pg_constraint WHERE conrelid = 'submissions'::regclass AND conname = $1`,
          [LEGACY_BOUND],
        ),
      )
    )[0];

  // 1. Every row so far is before `until`, and ingest writes now(): a CHECK added NOT VALID takes the
  //    table for an instant, without reading it.
  if (!(await constraint())) {
    options.onStep?.("bound");
    await withShortLocks(session.transaction, options, (tx) =>
      tx.exec(`ALTER TABLE submissions ADD CONSTRAINT ${LEGACY_BOUND} CHECK (received_at < ${literal(until)}) NOT VALID`),
    );
  }

  // 2. The partitioned table's primary key must hold the partition key: (id, received_at). Built
  //    CONCURRENTLY, writes go on; a build cut short leaves an invalid index, dropped and built again.
  const [index] = await session.sql<{ valid: boolean }>(
    statement(`SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = $1`, [
      LEGACY_KEY,
    ]),
  );
  if (!index?.valid) {
    options.onStep?.("unique-index");
    const concurrently = kind === "postgres" ? "CONCURRENTLY" : "";
    if (index) await session.exec(`DROP INDEX ${concurrently} ${LEGACY_KEY}`);
    await session.exec(`CREATE UNIQUE INDEX ${concurrently} ${LEGACY_KEY} ON submissions (id, received_at)`);
  }

  // 3. VALIDATE reads the table under a lock that lets inserts, updates and deletes go on.
  if (!(await constraint())?.validated) {
    options.onStep?.("validate");
    await session.exec(`ALTER TABLE submissions VALIDATE CONSTRAINT ${LEGACY_BOUND}`);
  }

  // 4. The swap: catalogue changes only, no row read (ATTACH sees the validated CHECK).
  options.onStep?.("swap");
  await withShortLocks(session.transaction, options, async (tx) => {
    await tx.exec("LOCK TABLE submissions IN ACCESS EXCLUSIVE MODE");
    if (await isPartitioned(tx)) return;
    const indexes = await tx.sql<{ name: string; definition: string; primary: boolean; unique: boolean }>(
      statement(`SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition, i.indisprimary AS primary,
                        i.indisunique AS unique
                 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = 'submissions'::regclass`),
    );
    const constraints = await tx.sql<{ name: string; definition: string }>(
      statement(
        `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
         WHERE conrelid = 'submissions'::regclass AND contype IN ('f', 'c') AND conname <> $1 ORDER BY conname`,
        [LEGACY_BOUND],
      ),
    );
    await tx.exec(`ALTER TABLE submissions RENAME TO ${LEGACY_PARTITION}`);
    // The partitioned table takes the indexes' names; the legacy partition's own get a prefix.
    for (const { name, primary } of indexes) {
      if (name === LEGACY_KEY || primary) continue;
      const renamed = `submissions_legacy_${name.replace(/^submissions_/, "")}`.slice(0, 63);
      await tx.exec(`ALTER INDEX ${quoteIdent(name)} RENAME TO ${quoteIdent(renamed)}`);
    }
    // Its key becomes (id, received_at) too: the old (id) key goes (a catalogue change; the new index,
    // led by id, serves lookups by id), since a partition of a table with a primary key may have no other.
    await tx.exec(`ALTER TABLE ${LEGACY_PARTITION} DROP CONSTRAINT submissions_pkey`);
    await tx.exec(`ALTER TABLE ${LEGACY_PARTITION} ADD CONSTRAINT ${LEGACY_KEY} PRIMARY KEY USING INDEX ${LEGACY_KEY}`);
    await tx.exec(
      `CREATE TABLE submissions (LIKE ${LEGACY_PARTITION} INCLUDING DEFAULTS INCLUDING COMMENTS) PARTITION BY RANGE (received_at)`,
    );
    await tx.exec(`ALTER TABLE submissions ADD CONSTRAINT submissions_pkey PRIMARY KEY (id, received_at)`);
    // Same definitions, so ATTACH adopts the legacy partition's indexes instead of building them. A unique
    // index without the partition key cannot exist on the partitioned table: only the old (id) key is one,
    // and it stays on the legacy partition.
    for (const { name, definition, primary, unique } of indexes) {
      if (primary || name === LEGACY_KEY) continue;
      if (unique && !/\breceived_at\b/.test(definition)) continue;
      await tx.exec(definition);
    }
    for (const { name, definition } of constraints) {
      await tx.exec(`ALTER TABLE submissions ADD CONSTRAINT ${quoteIdent(name)} ${definition}`);
    }
    await tx.exec(
      `ALTER TABLE submissions ATTACH PARTITION ${LEGACY_PARTITION} FOR VALUES FROM (MINVALUE) TO (${literal(until)})`,
    );
    await tx.exec(`CREATE TABLE ${DEFAULT_PARTITION} PARTITION OF submissions DEFAULT`);
    await tx.exec("UPDATE submission_partitioning SET converted_at = now()");
  });
  return true;
}

/** The partitions of `submissions` that hold one month, and the legacy one, oldest first. */
export async function listSubmissionPartitions(executor: SqlExecutor): Promise<SubmissionPartition[]> {
  const rows = await executor.sql<{ name: string }>(
    statement(`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
               WHERE i.inhparent = 'submissions'::regclass ORDER BY c.relname`),
  );
  const partitions: SubmissionPartition[] = [];
  for (const { name } of rows) {
    if (name === LEGACY_PARTITION) partitions.push({ name, to: await legacyUntil(executor) });
    const from = parseMonthPartition(name);
    if (from) partitions.push({ name, from, to: monthStart(from, 1) });
  }
  return partitions.sort((a, b) => a.to.getTime() - b.to.getTime());
}

/**
 * Creates the partitions of this month and the next ones (those not already covered by the legacy
 * partition), each in a short transaction; rows that landed in the default partition meanwhile (the clock
 * ran past the months created) move into their month. Returns the names created.
 */
export async function ensureSubmissionPartitions(database: Database, options: PartitionOptions = {}): Promise<string[]> {
  if (!(await isPartitioned(database))) return [];
  const now = (options.now ?? (() => new Date()))();
  const until = await legacyUntil(database);
  const existing = new Set((await listSubmissionPartitions(database)).map((partition) => partition.name));
  const created: string[] = [];
  for (let offset = 0; offset <= MONTHS_AHEAD; offset++) {
    const from = monthStart(now, offset);
    const to = monthStart(now, offset + 1);
    const name = monthPartitionName(from);
    if (from < until || existing.has(name)) continue;
    await withShortLocks(database.transaction.bind(database), options, async (tx) => {
      // A table of its own, then ATTACH: attaching takes a lock on `submissions` that lets ingest go on,
      // where CREATE TABLE … PARTITION OF would take it whole. New months inherit the storage settings
      // (autovacuum) given to the legacy partition, if any.
      await tx.exec(
        `CREATE TABLE ${name} (LIKE submissions INCLUDING DEFAULTS)
         WITH (${(await legacyOptions(tx)).join(", ") || "fillfactor = 100"})`,
      );
      await tx.exec(
        `WITH moved AS (DELETE FROM ${DEFAULT_PARTITION} WHERE received_at >= ${literal(from)} AND received_at < ${literal(to)} RETURNING *)
         INSERT INTO ${name} SELECT * FROM moved`,
      );
      await tx.exec(`ALTER TABLE submissions ATTACH PARTITION ${name} FOR VALUES FROM (${literal(from)}) TO (${literal(to)})`);
    });
    created.push(name);
  }
  return created;
}

async function legacyOptions(executor: SqlExecutor): Promise<string[]> {
  const [row] = await executor.sql<{ options: string[] | null }>(
    statement(`SELECT reloptions AS options FROM pg_class WHERE relname = $1 AND relkind = 'r'`, [LEGACY_PARTITION]),
  );
  return row?.options ?? [];
}

/**
 * Detaches and drops one month (or the legacy partition): instant, no row read or written. The caller
 * decides that every row in it is past what anyone keeps (lib/privacy/partition-retention.ts).
 */
export async function dropSubmissionPartition(database: Database, name: string, options: PartitionOptions = {}): Promise<void> {
  await withShortLocks(database.transaction.bind(database), options, async (tx) => {
    await tx.exec(`ALTER TABLE submissions DETACH PARTITION ${quoteIdent(name)}`);
    await tx.exec(`DROP TABLE ${quoteIdent(name)}`);
  });
}

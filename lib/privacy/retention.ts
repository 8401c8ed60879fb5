import type { Database } from "@/lib/db/client";
import { statement } from "@/lib/db/client";
import { ensureSubmissionPartitions } from "@/lib/db/submission-partitions";
import { log } from "@/lib/log";
import { dropExpiredSubmissionMonths } from "./partition-retention";

export interface RetentionOptions {
  /** The clock (tests move it forward). */
  now?: () => Date;
  /** Rows per statement: each batch is one short transaction, so ingest never waits long on its locks. */
  batchSize?: number;
  /** A pause between batches, leaving the database to ingest. */
  pauseMs?: number;
  /** SUBMISSIONS_KEEP_MONTHS: months of `submissions` kept before whole months are dropped (unset: all kept). */
  keepSubmissionMonths?: number;
}

export interface RetentionResult {
  rejectedPayloads: number;
  requestMeta: number;
  webhookAttempts: number;
  /** Idempotency-Key records past their 24 hours (DESIGN.md section 3): they answer nothing any more. */
  idempotencyKeys: number;
  /** Sent or failed emails past the workspace's attempt-log window (30 days without a workspace). */
  emailMessages: number;
  /** Whole months of `submissions` dropped (retention by partition, lib/privacy/partition-retention.ts). */
  submissionMonths: number;
  batches: number;
}

interface Purge {
  key: keyof Omit<RetentionResult, "batches" | "submissionMonths">;
  /** This purge's window in days: the workspaces' column that holds it, or a fixed number of days. */
  days: string | number;
  /** $1 the clock, $2 the batch size, $3 the shortest window of any workspace (bounds the index scan). */
  sql: string;
}

/** How long an email without a workspace (a password reset) is kept once sent or failed. */
const ORPHAN_EMAIL_DAYS = 30;

// Each purge picks a batch by the partial index of what is still there to purge (migration
// 20261124080000_lgpd), oldest first, SKIP LOCKED so that several instances purging together, and ingest,
// never wait on each other; the row's own workspace decides whether it is past its window.
const PURGES: Purge[] = [
  {
    key: "rejectedPayloads",
    days: "retention_rejected_payload_days",
    sql: `WITH due AS (
        SELECT s.id FROM submissions s JOIN workspaces w ON w.id = s.workspace_id
        WHERE s.payload IS NOT NULL AND s.outcome IN ('rejected', 'spam')
          AND s.received_at < $1::timestamptz - make_interval(days => $3::int)
          AND s.received_at < $1::timestamptz - make_interval(days => w.retention_rejected_payload_days)
        ORDER BY s.received_at LIMIT $2 FOR UPDATE OF s SKIP LOCKED
      ), changed AS (UPDATE submissions s SET payload = NULL, referer = NULL, source_data = NULL FROM due WHERE s.id = due.id RETURNING 1)
      SELECT count(*)::int AS n FROM changed`,
  },
  {
    key: "requestMeta",
    days: "retention_request_meta_days",
    sql: `WITH due AS (
        SELECT s.id FROM submissions s JOIN workspaces w ON w.id = s.workspace_id
        WHERE (s.ip IS NOT NULL OR s.user_agent IS NOT NULL)
          AND s.received_at < $1::timestamptz - make_interval(days => $3::int)
          AND s.received_at < $1::timestamptz - make_interval(days => w.retention_request_meta_days)
        ORDER BY s.received_at LIMIT $2 FOR UPDATE OF s SKIP LOCKED
      ), changed AS (UPDATE submissions s SET ip = NULL, user_agent = NULL FROM due WHERE s.id = due.id RETURNING 1)
      SELECT count(*)::int AS n FROM changed`,
  },
  {
    key: "webhookAttempts",
    days: "retention_webhook_attempt_days",
    sql: `WITH due AS (
        SELECT a.id FROM webhook_attempts a
        JOIN webhook_endpoints e ON e.id = a.endpoint_id JOIN workspaces w ON w.id = e.workspace_id
        WHERE a.at < $1::timestamptz - make_interval(days => $3::int)
          AND a.at < $1::timestamptz - make_interval(days => w.retention_webhook_attempt_days)
        ORDER BY a.at LIMIT $2 FOR UPDATE OF a SKIP LOCKED
      ), changed AS (DELETE FROM webhook_attempts a USING due WHERE a.id = due.id RETURNING 1)
      SELECT count(*)::int AS n FROM changed`,
  },
  {
    key: "idempotencyKeys",
    days: 1,
    sql: `WITH due AS (
        SELECT k.capture_link_id, k.key FROM idempotency_keys k
        WHERE k.created_at < $1::timestamptz - make_interval(days => $3::int)
        ORDER BY k.created_at LIMIT $2 FOR UPDATE OF k SKIP LOCKED
      ), changed AS (
        DELETE FROM idempotency_keys k USING due WHERE k.capture_link_id = due.capture_link_id AND k.key = due.key RETURNING 1
      )
      SELECT count(*)::int AS n FROM changed`,
  },
  {
    // A digest's row is what keeps its day from being sent twice, but digests are only written for the
    // day before (lib/channels/email/enqueue-digests.ts): a month-old row guards nothing.
    key: "emailMessages",
    days: "retention_webhook_attempt_days",
    sql: `WITH due AS (
        SELECT m.id FROM email_messages m LEFT JOIN workspaces w ON w.id = m.workspace_id
        WHERE m.state <> 'pending'
          AND m.created_at < $1::timestamptz - make_interval(days => least($3::int, ${ORPHAN_EMAIL_DAYS}))
          AND m.created_at < $1::timestamptz - make_interval(days => coalesce(w.retention_webhook_attempt_days, ${ORPHAN_EMAIL_DAYS}))
        ORDER BY m.created_at LIMIT $2 FOR UPDATE OF m SKIP LOCKED
      ), changed AS (DELETE FROM email_messages m USING due WHERE m.id = due.id RETURNING 1)
      SELECT count(*)::int AS n FROM changed`,
  },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Applies every workspace's retention windows once (DESIGN.md section 9): rejected requests' payloads
 * and referers (a referer's query can carry what the body did, `?email=...`),
 * submissions' IPs and user agents, webhook attempt logs; and what no longer serves anything: Idempotency-Key
 * records past their 24 hours, emails sent or failed past the attempt-log window. Rows stay where counts need them (a purged
 * submission keeps its outcome, time and link); only the personal data goes.
 */
export async function purgeExpiredData(database: Database, options: RetentionOptions = {}): Promise<RetentionResult> {
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? 1_000;
  const pauseMs = options.pauseMs ?? 0;
  const result: RetentionResult = {
    rejectedPayloads: 0,
    requestMeta: 0,
    webhookAttempts: 0,
    idempotencyKeys: 0,
    emailMessages: 0,
    submissionMonths: 0,
    batches: 0,
  };
  // The months ahead exist before rows reach them (the default partition takes any that would not fit),
  // and whole months past everyone's windows go at once, before the row-wise purges would visit them.
  await ensureSubmissionPartitions(database, { now });
  result.submissionMonths = (
    await dropExpiredSubmissionMonths(database, { now: now(), keepMonths: options.keepSubmissionMonths })
  ).length;
  for (const purge of PURGES) {
    const shortest =
      typeof purge.days === "number"
        ? purge.days
        : ((await database.sql<{ days: number | null }>(statement(`SELECT min(${purge.days})::int AS days FROM workspaces`)))[0]
            ?.days ?? ORPHAN_EMAIL_DAYS);
    for (;;) {
      const [row] = await database.sql<{ n: number }>(statement(purge.sql, [now(), batchSize, shortest]));
      const purged = row?.n ?? 0;
      result[purge.key] += purged;
      if (purged > 0) result.batches++;
      if (purged < batchSize) break;
      if (pauseMs > 0) await sleep(pauseMs);
    }
  }
  return result;
}

export interface RetentionJob {
  /** Runs a purge now (and waits for it); the timer keeps its schedule. */
  runNow(): Promise<RetentionResult | undefined>;
  stop(): Promise<void>;
}

/**
 * Purges every `intervalMs` (hourly by default), starting `firstRunMs` after boot. Any number of instances
 * may run it: batches skip rows another instance holds. A failed run (the database away) is logged and
 * tried again at the next tick.
 */
export function startRetentionJob(
  database: Database,
  options: RetentionOptions & { intervalMs?: number; firstRunMs?: number } = {},
): RetentionJob {
  const intervalMs = options.intervalMs ?? 60 * 60 * 1000;
  let running: Promise<RetentionResult | undefined> | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  function run(): Promise<RetentionResult | undefined> {
    running ??= purgeExpiredData(database, { pauseMs: 20, ...options })
      .then((result) => {
        if (result.batches > 0 || result.submissionMonths > 0) log.info({ retention: result }, "retention purge");
        return result;
      })
      .catch((error: unknown) => {
        log.warn({ err: error }, "retention purge failed; retrying at the next tick");
        return undefined;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  function schedule(ms: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      void run().finally(() => schedule(intervalMs));
    }, ms);
    timer.unref();
  }
  schedule(options.firstRunMs ?? 60_000);

  return {
    runNow: run,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import { getDatabase, openDatabase } from "./client";
import type { Database } from "./database";

/**
 * Reads from a streaming replica (DESIGN.md section 17): with DATABASE_REPLICA_URL set, the admin's heavy reads
 * (the leads list and search, the dashboard, reports, exports, request logs, the API's lists) ask
 * getReadDatabase() instead of getDatabase(). They get the replica while it answers and lags at most
 * DATABASE_REPLICA_MAX_LAG seconds, else the primary. A member who has just changed something reads the primary
 * for that long (lib/auth marks them; see onReadsOwnWrites), so a page never shows them the state before
 * their own change. The replica's state is checked at most once a second, off the request's path once known.
 */

export type ReplicaState = "ok" | "lagging" | "down" | "unknown";

export interface ReplicaStatus {
  state: ReplicaState;
  /** Seconds behind the primary at the last check (0 when it has replayed all it received); null when down. */
  lagSeconds: number | null;
  /** When the state was last checked (ms since epoch); 0: never. */
  checkedAt: number;
}

const CHECK_EVERY_MS = 1_000;
/** The first read waits this long at most for the first check, then goes to the primary. */
const FIRST_CHECK_WAIT_MS = 1_000;

const slot = processSingleton<{
  database?: Database;
  url?: string;
  status: ReplicaStatus;
  checking?: Promise<void>;
  readsOwnWrites?: () => Promise<boolean>;
}>("database-replica", () => ({ status: { state: "unknown", lagSeconds: null, checkedAt: 0 } }));

// How far behind the replica is: nothing when it has replayed all it received from a connected primary, else
// the time since the last transaction it replayed (a stopped receiver or a paused replay shows as growing lag).
// A server that is not in recovery (a replica promoted, or the primary named twice) is not behind.
const LAG_SQL = `SELECT CASE
    WHEN NOT pg_is_in_recovery() THEN 0
    WHEN EXISTS (SELECT 1 FROM pg_stat_wal_receiver WHERE status = 'streaming')
      AND pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
    ELSE COALESCE(EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp()), 0)
  END::float8 AS lag`;

function replicaUrl(): string | undefined {
  return env().DATABASE_URL ? env().DATABASE_REPLICA_URL : undefined;
}

async function openReplica(url: string): Promise<Database> {
  if (slot.database && slot.url === url) return slot.database;
  const previous = slot.database;
  slot.database = undefined;
  void previous?.close().catch(() => {});
  // Reads only, fewer at once than ingest's writes: a pool half the primary's.
  const database = await openDatabase({ kind: "postgres", url, poolSize: Math.max(2, Math.ceil(env().DATABASE_POOL_SIZE / 2)) });
  slot.database = database;
  slot.url = url;
  return database;
}

async function check(url: string): Promise<void> {
  try {
    const database = await openReplica(url);
    const rows = await database.sql<{ lag: number }>({ text: LAG_SQL, values: [] });
    const lag = Number(rows[0]?.lag ?? 0);
    slot.status = {
      state: lag <= env().DATABASE_REPLICA_MAX_LAG ? "ok" : "lagging",
      lagSeconds: Math.round(lag * 1000) / 1000,
      checkedAt: Date.now(),
    };
  } catch {
    slot.status = { state: "down", lagSeconds: null, checkedAt: Date.now() };
  }
}

/** Starts a check when the last one is older than a second; resolves when that check is done. */
function refresh(url: string): Promise<void> {
  if (!slot.checking && Date.now() - slot.status.checkedAt >= CHECK_EVERY_MS) {
    const checking = check(url).finally(() => {
      if (slot.checking === checking) slot.checking = undefined;
    });
    slot.checking = checking;
  }
  return slot.checking ?? Promise.resolve();
}

/** The replica's state as last checked, refreshed first when stale (for /api/health). Undefined: no replica. */
export async function replicaStatus(): Promise<ReplicaStatus | undefined> {
  const url = replicaUrl();
  if (!url) return undefined;
  await refresh(url);
  return slot.status;
}

/**
 * The database for a heavy read: the replica when one is configured, answers, lags within bounds and the
 * request's member has not just written; the primary otherwise.
 */
export async function getReadDatabase(): Promise<Database> {
  const url = replicaUrl();
  if (!url) return getDatabase();
  const checked = refresh(url);
  // Known: answer from what is known while the next check runs. Never checked: wait a moment for the first.
  if (slot.status.checkedAt === 0) {
    await Promise.race([checked, new Promise((resolve) => setTimeout(resolve, FIRST_CHECK_WAIT_MS).unref())]);
  }
  if (slot.status.state !== "ok" || !slot.database) return getDatabase();
  if (await slot.readsOwnWrites?.().catch(() => false)) return getDatabase();
  return slot.database;
}

/**
 * Registers how to tell that the current request's member changed something a moment ago (lib/auth marks
 * it with a short-lived cookie when a replica is configured): their reads then go to the primary.
 */
export function onReadsOwnWrites(readsOwnWrites: () => Promise<boolean>): void {
  slot.readsOwnWrites = readsOwnWrites;
}

/** Whether reads may go to a replica at all (DATABASE_REPLICA_URL with DATABASE_URL). */
export function replicaConfigured(): boolean {
  return replicaUrl() !== undefined;
}

/** Closes the replica's pool (tests, shutdown). */
export async function closeReplica(): Promise<void> {
  const database = slot.database;
  slot.database = undefined;
  slot.url = undefined;
  slot.status = { state: "unknown", lagSeconds: null, checkedAt: 0 };
  await database?.close();
}

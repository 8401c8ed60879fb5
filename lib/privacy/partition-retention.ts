import type { Database } from "@/lib/db/client";
import { statement } from "@/lib/db/client";
import { dropSubmissionPartition, listSubmissionPartitions } from "@/lib/db/submission-partitions";

/** What a workspace keeps when it has set nothing (lib/privacy/retention-settings.ts's longest default). */
const DEFAULT_LONGEST_DAYS = 180;

function monthsBefore(instant: Date, months: number): Date {
  return new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth() - months, 1));
}

/**
 * Retention by partition (DESIGN.md section 17): with `keepMonths` (SUBMISSIONS_KEEP_MONTHS) set, drops each
 * month of `submissions` (and the legacy partition) whose every row is older than that many whole months
 * and past every workspace's longest window, so that no workspace's row-wise purge still had something to
 * do in it. A drop is one short catalogue change: no row read, no WAL per row, no dead rows for vacuum.
 * Without the setting nothing is dropped: a request's row is what the link's request log, the lead's
 * timeline and the dashboard's request counts read, and DESIGN.md section 9 keeps them.
 */
export async function dropExpiredSubmissionMonths(
  database: Database,
  { now, keepMonths }: { now: Date; keepMonths?: number },
): Promise<string[]> {
  if (!keepMonths) return [];
  const [row] = await database.sql<{ days: number | null }>(
    statement(`SELECT max(greatest(retention_rejected_payload_days, retention_request_meta_days))::int AS days FROM workspaces`),
  );
  const longestDays = row?.days ?? DEFAULT_LONGEST_DAYS;
  const horizon = Math.min(monthsBefore(now, keepMonths).getTime(), now.getTime() - longestDays * 86_400_000);
  const dropped: string[] = [];
  for (const partition of await listSubmissionPartitions(database)) {
    if (partition.to.getTime() > horizon) break;
    await dropSubmissionPartition(database, partition.name);
    dropped.push(partition.name);
  }
  return dropped;
}

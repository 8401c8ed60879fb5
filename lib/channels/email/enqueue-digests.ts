import type { SqlExecutor } from "@/lib/db/client";
import { statement } from "@/lib/db/client";

/**
 * Writes the digests due at `now`: for every member whose choice is "digest", one email about the previous
 * UTC day, when that day brought at least one lead from the links they chose. Run every minute by each
 * dispatcher; the unique index on (workspace, user, day) keeps it to one digest however many instances run.
 * Returns how many were written.
 */
export async function enqueueDigests(database: SqlExecutor, now: Date = new Date()): Promise<number> {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const day = new Date(today.getTime() - 86_400_000);
  const rows = await database.sql(
    statement(
      `INSERT INTO email_messages (id, kind, workspace_id, user_id, digest_day)
       SELECT gen_random_uuid(), 'digest', p.workspace_id, p.user_id, $1::date
       FROM notification_preferences p
       WHERE p.mode = 'digest'
         AND EXISTS (
           SELECT 1 FROM leads l
           WHERE l.workspace_id = p.workspace_id AND l.created_at >= $2::timestamptz AND l.created_at < $3::timestamptz
             AND (cardinality(p.link_ids) = 0 OR l.capture_link_id = ANY (p.link_ids))
         )
       ON CONFLICT (workspace_id, user_id, digest_day) WHERE kind = 'digest' DO NOTHING
       RETURNING id`,
      [day.toISOString().slice(0, 10), day.toISOString(), today.toISOString()],
    ),
  );
  return rows.length;
}

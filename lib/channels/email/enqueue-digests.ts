import type { SqlExecutor } from "@/lib/db/client";
import { statement } from "@/lib/db/client";

/** The local hour a digest is sent at (DESIGN.md section 13). */
export const DIGEST_HOUR = 8;

/**
 * Writes the digests due at `now`: for every member whose choice is "digest", one email about their previous
 * local day (their own time zone from the account page, else the workspace's), once it is 08:00 there, when that
 * day brought at least one lead from the links they chose. Run every minute by each dispatcher; the unique
 * index on (workspace, user, day) keeps it to one digest however many instances run. PostgreSQL works out the
 * local day and its bounds (AT TIME ZONE follows daylight saving); both zones are stored, validated IANA names.
 * Returns how many were written.
 */
export async function enqueueDigests(database: SqlExecutor, now: Date = new Date()): Promise<number> {
  const rows = await database.sql(
    statement(
      `/* leadlink:enqueue-digests */
      INSERT INTO email_messages (id, kind, workspace_id, user_id, digest_day)
      SELECT gen_random_uuid(), 'digest', p.workspace_id, p.user_id, d.day
      FROM notification_preferences p
      JOIN workspaces w ON w.id = p.workspace_id
      JOIN users u ON u.id = p.user_id
      CROSS JOIN LATERAL (SELECT COALESCE(u.time_zone, w.time_zone) AS zone) z
      CROSS JOIN LATERAL (SELECT ($1::timestamptz AT TIME ZONE z.zone) AS local_now) n
      CROSS JOIN LATERAL (SELECT (n.local_now::date - 1) AS day) d
      WHERE p.mode = 'digest'
        AND extract(hour FROM n.local_now) >= $2
        AND EXISTS (
          SELECT 1 FROM leads l
          WHERE l.workspace_id = p.workspace_id AND l.erased_at IS NULL
            AND l.created_at >= (d.day::timestamp AT TIME ZONE z.zone)
            AND l.created_at < ((d.day + 1)::timestamp AT TIME ZONE z.zone)
            AND (cardinality(p.link_ids) = 0 OR l.capture_link_id = ANY (p.link_ids))
        )
      ON CONFLICT (workspace_id, user_id, digest_day) WHERE kind = 'digest' DO NOTHING
      RETURNING id`,
      [now.toISOString(), DIGEST_HOUR],
    ),
  );
  return rows.length;
}

/**
 * "Send me a preview now" (the notifications page): a digest without a day, which covers the 24 hours before
 * this moment (render-email.ts) and is sent whatever the member chose, even with no lead in it. Scoped to
 * the member's own workspace: a user who is not a member of it writes nothing. Returns whether one was written.
 */
export async function enqueueDigestPreview(database: SqlExecutor, workspaceId: string, userId: string): Promise<boolean> {
  const rows = await database.sql(
    statement(
      `/* leadlink:enqueue-digest-preview */
      INSERT INTO email_messages (id, kind, workspace_id, user_id)
      SELECT gen_random_uuid(), 'digest', m.workspace_id, m.user_id
      FROM memberships m WHERE m.workspace_id = $1::uuid AND m.user_id = $2::uuid
      RETURNING id`,
      [workspaceId, userId],
    ),
  );
  return rows.length === 1;
}

import type { SqlExecutor } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { leadSnapshotSql } from "@/lib/leads/lead-snapshot";

/** Leads announced per statement; the next tick takes the rest. */
const BATCH = 500;

/**
 * Writes `lead.response_overdue` (DESIGN.md section 16) for the leads still `new` past their link's response
 * target at `now`, and marks them (leads.response_overdue_at), in one statement: each lead is announced once,
 * however many instances tick together (`FOR UPDATE SKIP LOCKED`, and a marked lead leaves the partial index
 * leads_response_due_idx that finds them). Only leads created since the target was set count, so setting one
 * on a link with old leads announces none of them. Who is told is the channels' rule (lib/channels).
 * Returns how many leads were announced.
 */
export async function detectOverdueLeads(database: SqlExecutor, now: Date = new Date()): Promise<number> {
  const rows = await database.sql<{ n: number }>(Prisma.sql`
    /* leadlink:detect-overdue-leads */
    WITH due AS (
      SELECT l.id FROM capture_links c
      JOIN leads l ON l.capture_link_id = c.id AND l.status = 'new' AND l.response_overdue_at IS NULL
        AND l.erased_at IS NULL AND l.created_at >= c.response_target_since
        AND l.created_at <= ${now}::timestamptz - make_interval(mins => c.response_target_minutes)
      WHERE c.response_target_minutes IS NOT NULL AND c.status = 'active'
      LIMIT ${BATCH}::int
      FOR UPDATE OF l SKIP LOCKED
    ),
    marked AS (
      UPDATE leads l SET response_overdue_at = ${now}::timestamptz FROM due WHERE l.id = due.id
      RETURNING l.id, l.workspace_id, l.capture_link_id, ${Prisma.raw(leadSnapshotSql("l"))} AS snapshot
    ),
    announced AS (
      INSERT INTO events (id, workspace_id, type, lead_id, capture_link_id, data)
      SELECT gen_random_uuid(), m.workspace_id, 'lead.response_overdue', m.id, m.capture_link_id,
        jsonb_build_object('lead', m.snapshot)
      FROM marked m
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM announced`);
  return rows[0]?.n ?? 0;
}

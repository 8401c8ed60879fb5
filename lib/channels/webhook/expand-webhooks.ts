import { Prisma } from "@/lib/db/generated/client";

/**
 * Who hears of an event among webhook endpoints (HTTP, Slack, Telegram): every enabled endpoint of the event's
 * workspace that takes its type and, unless it takes every link, its link (a lead's erasure reaches every
 * endpoint that takes lead.erased: erasure has no link). The message carries the lead and the changes as the
 * event fixed them, and the event's time, so every attempt and every resend says the same (DESIGN.md 7, 14).
 */
export function expandWebhooksSql(): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO webhook_messages (id, endpoint_id, workspace_id, event_type, lead_id, submission_id, lead_snapshot, changes,
      event_id, created_at)
    SELECT gen_random_uuid(), e.id, ev.workspace_id, ev.type, ev.lead_id, ev.submission_id, ev.data -> 'lead',
      ev.data -> 'changes', ev.id, ev.created_at
    FROM ev
    JOIN webhook_endpoints e ON e.workspace_id = ev.workspace_id AND e.enabled AND ev.type = ANY (e.events)
      -- An endpoint hears of what happens once it exists, not of events still waiting when it was created.
      AND e.created_at <= ev.created_at
      AND (ev.type = 'lead.erased' OR cardinality(e.link_ids) = 0 OR ev.capture_link_id = ANY (e.link_ids))`;
}

import { Prisma } from "@/lib/db/generated/client";
import { mailEnabled } from "@/lib/mail/mail-config";
import { assignmentRecipientsSql } from "@/lib/notifications/assignment-recipients";

/**
 * Who gets an email about an event (docs/email.md), when this server has a mail server: for a lead created by
 * a request, each member who chose "instant" for its link (all links, or this one), with the lead as created;
 * for an endpoint Leadlink disabled, the workspace's owners and admins; for an assignment or a missed response
 * target (DESIGN.md section 16), the event's recipients (assignment-recipients.ts) unless they chose no emails
 * ("none"), whatever links they chose: the lead is theirs, or they answer for the workspace.
 */
export function expandEmailsSql(): Prisma.Sql | undefined {
  if (!mailEnabled()) return undefined;
  return Prisma.sql`
    INSERT INTO email_messages (id, kind, workspace_id, user_id, lead_id, submission_id, endpoint_id, lead_snapshot, event_id,
      created_at)
    SELECT gen_random_uuid(), 'new_lead', ev.workspace_id, p.user_id, ev.lead_id, ev.submission_id, NULL, ev.data -> 'lead',
      ev.id, ev.created_at
    FROM ev
    JOIN notification_preferences p ON p.workspace_id = ev.workspace_id AND p.mode = 'instant'
      AND (cardinality(p.link_ids) = 0 OR ev.capture_link_id = ANY (p.link_ids))
    WHERE ev.type = 'lead.created' AND ev.submission_id IS NOT NULL
    UNION ALL
    SELECT gen_random_uuid(), 'endpoint_disabled', ev.workspace_id, m.user_id, NULL, NULL, ev.endpoint_id, NULL, ev.id,
      ev.created_at
    FROM ev
    JOIN memberships m ON m.workspace_id = ev.workspace_id AND m.role IN ('owner', 'admin')
    WHERE ev.type = 'endpoint.disabled'
    UNION ALL
    SELECT gen_random_uuid(), CASE ev.type WHEN 'lead.assigned' THEN 'lead_assigned' ELSE 'response_overdue' END,
      ev.workspace_id, r.user_id, ev.lead_id, NULL, NULL, ev.data -> 'lead', ev.id, ev.created_at
    FROM ev
    CROSS JOIN LATERAL (${assignmentRecipientsSql()}) r
    WHERE NOT EXISTS (
      SELECT 1 FROM notification_preferences p
      WHERE p.workspace_id = ev.workspace_id AND p.user_id = r.user_id AND p.mode = 'none')`;
}

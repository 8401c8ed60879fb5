import { Prisma } from "@/lib/db/generated/client";
import { whatsappSettings } from "@/lib/env";
import { publicBaseUrl } from "@/lib/http/public-base-url";
import { assignmentRecipientsSql } from "@/lib/notifications/assignment-recipients";

/**
 * Who gets a WhatsApp message about an event, when this server has WhatsApp: for a lead created by a request,
 * each member who opted in with their number (for all links, or this one); for lead.assigned and
 * lead.response_overdue (DESIGN.md section 16), those of the event's recipients (assignment-recipients.ts) who
 * opted in, whatever links they chose (the lead is theirs, or they answer for the workspace), with
 * WHATSAPP_ASSIGNED_TEMPLATE or WHATSAPP_OVERDUE_TEMPLATE. The template's parameters are fixed now from the
 * event (DESIGN.md section 14): the lead's name (or email) and phone as the event left it, and its page.
 */
export function expandWhatsappSql(): Prisma.Sql | undefined {
  const settings = whatsappSettings();
  if (!settings) return undefined;
  const lead = Prisma.sql`COALESCE(ev.data -> 'lead' ->> 'name', ev.data -> 'lead' ->> 'email', '—'), ev.data -> 'lead' ->> 'phone',
      ${`${publicBaseUrl()}/w/`}::text || w.slug || '/leads/' || ev.lead_id::text`;
  return Prisma.sql`
    INSERT INTO whatsapp_messages (id, workspace_id, user_id, to_number, lead_id, lead_name, lead_phone, lead_url, template,
      event_id, created_at)
    SELECT gen_random_uuid(), ev.workspace_id, p.user_id, p.whatsapp_number, ev.lead_id, ${lead}, NULL, ev.id, ev.created_at
    FROM ev
    JOIN notification_preferences p ON p.workspace_id = ev.workspace_id AND p.whatsapp_number IS NOT NULL
      AND (cardinality(p.link_ids) = 0 OR ev.capture_link_id = ANY (p.link_ids))
    JOIN workspaces w ON w.id = ev.workspace_id
    WHERE ev.type = 'lead.created' AND ev.submission_id IS NOT NULL
    UNION ALL
    SELECT gen_random_uuid(), ev.workspace_id, p.user_id, p.whatsapp_number, ev.lead_id, ${lead},
      CASE ev.type WHEN 'lead.assigned' THEN ${settings.assignedTemplate}::text ELSE ${settings.overdueTemplate}::text END,
      ev.id, ev.created_at
    FROM ev
    CROSS JOIN LATERAL (${assignmentRecipientsSql()}) r
    JOIN notification_preferences p ON p.workspace_id = ev.workspace_id AND p.user_id = r.user_id
      AND p.whatsapp_number IS NOT NULL
    JOIN workspaces w ON w.id = ev.workspace_id`;
}

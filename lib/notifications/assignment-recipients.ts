import { Prisma } from "@/lib/db/generated/client";

/**
 * Who hears of an assignment or a missed response target (DESIGN.md section 16), for each channel's expansion
 * (lib/channels/<channel>/expand-*.ts) as a LATERAL subquery over the event `ev`: for `lead.assigned`, the lead's
 * owner as the event left it (the assignee); for `lead.response_overdue`, that owner and the workspace's owners
 * and admins, once each. Only members of the workspace now: someone who left hears of nothing. Rows: user_id.
 */
export function assignmentRecipientsSql(): Prisma.Sql {
  return Prisma.sql`
    SELECT m.user_id FROM memberships m
    WHERE m.workspace_id = ev.workspace_id AND (
      (ev.type IN ('lead.assigned', 'lead.response_overdue')
        AND m.user_id = (ev.data -> 'lead' -> 'owner' ->> 'id')::uuid)
      OR (ev.type = 'lead.response_overdue' AND m.role IN ('owner', 'admin')))`;
}

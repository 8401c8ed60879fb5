import { Prisma } from "@/lib/db/generated/client";

/**
 * The members of a link's rotation who may get a lead now: still in it (leaving the workspace removes them) and
 * not away. `link` is the SQL of the link's id.
 */
function eligible(link: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    SELECT a.position FROM link_assignees a
    JOIN memberships m ON m.workspace_id = a.workspace_id AND m.user_id = a.user_id AND NOT m.away
    WHERE a.capture_link_id = ${link}`;
}

/**
 * The round-robin part of ingest's statement (lib/ingest/upsert-lead.ts), for a link with a rotation: CTEs that
 * run only when the statement creates the lead (`creates` is its condition: no match, the link active).
 *
 * `rotation` moves the link's one rotation row to the next eligible member after the last one (wrapping round)
 * and returns their position: concurrent creations through the link queue on that row's lock, and each, once it
 * holds the lock, reads the position its predecessor left (READ COMMITTED re-evaluates the SET on the newest row
 * version), so no two leads get the same turn. Nobody eligible: no row, and the lead is created unowned.
 * `assignee` is the member whose turn it is. A statement that fails (a concurrent insert of the same person)
 * rolls its turn back with it.
 */
export function rotationCtes(captureLinkId: string, creates: Prisma.Sql): Prisma.Sql {
  const link = Prisma.sql`r.capture_link_id`;
  return Prisma.sql`
    rotation AS (
      UPDATE link_rotations r SET last_position = COALESCE(
        (SELECT min(e.position) FROM (${eligible(link)}) e WHERE e.position > r.last_position),
        (SELECT min(e.position) FROM (${eligible(link)}) e))
      WHERE r.capture_link_id = ${captureLinkId}::uuid AND ${creates} AND EXISTS (${eligible(link)})
      RETURNING r.last_position
    ),
    assignee AS (
      SELECT a.user_id FROM link_assignees a JOIN rotation r ON a.position = r.last_position
      WHERE a.capture_link_id = ${captureLinkId}::uuid
    ),`;
}

/**
 * What an automatic assignment leaves behind, in the same statement, once `inserted` returned the new lead (with
 * its snapshot): a row of the lead's history (field owner, no actor: "automatic") and the event lead.assigned,
 * whose `changes` name the assignee (DESIGN.md section 14).
 */
export function assignedCtes(workspaceId: string, captureLinkId: string): Prisma.Sql {
  return Prisma.sql`,
    assigned_change AS (
      INSERT INTO lead_changes (workspace_id, lead_id, actor_user_id, actor_key_id, field, from_value, to_value)
      SELECT ${workspaceId}::uuid, i.id, NULL, NULL, 'owner', 'null'::jsonb, to_jsonb(a.user_id::text)
      FROM inserted i CROSS JOIN assignee a
    ),
    assigned_event AS (
      INSERT INTO events (id, workspace_id, type, lead_id, capture_link_id, data)
      SELECT gen_random_uuid(), ${workspaceId}::uuid, 'lead.assigned', i.id, ${captureLinkId}::uuid,
        jsonb_build_object('lead', i.snapshot,
          'changes', jsonb_build_array(jsonb_build_object('field', 'owner', 'from', 'null'::jsonb, 'to', a.user_id::text)))
      FROM inserted i CROSS JOIN assignee a
    )`;
}

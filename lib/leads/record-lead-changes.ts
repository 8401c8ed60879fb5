import type { SqlExecutor } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";

/** The fields a lead's history records, named as lead.updated's `changes` name them (DESIGN.md section 14). */
export type LeadChangeField = "status" | "owner" | "tags";

/** What a field was and became: a status, an owner's user id (or null), a list of tags. */
export interface LeadChangeInput {
  field: LeadChangeField;
  from: string | string[] | null;
  to: string | string[] | null;
}

/** Who made a change: a signed-in member, or an API key (by id; the timeline shows its name). */
export interface LeadChangeActor {
  userId: string | null;
  keyId?: string | null;
}

/** A transaction of the driver's (lib/db) or of Prisma's (code that already holds one). */
type Transaction = SqlExecutor | Prisma.TransactionClient;

async function run(tx: Transaction, sql: Prisma.Sql): Promise<void> {
  if ("sql" in tx) await tx.sql(sql);
  else await tx.$executeRaw(sql);
}

/** Records one lead's changes, in the caller's transaction (the one that made them), as one INSERT. */
export async function recordLeadChanges(
  tx: Transaction,
  workspaceId: string,
  leadId: string,
  actor: LeadChangeActor,
  changes: LeadChangeInput[],
): Promise<void> {
  if (changes.length === 0) return;
  const rows = changes.map(
    (change) => Prisma.sql`(${workspaceId}::uuid, ${leadId}::uuid, ${actor.userId}::uuid, ${actor.keyId ?? null}::uuid,
      ${change.field}, ${JSON.stringify(change.from)}::jsonb, ${JSON.stringify(change.to)}::jsonb)`,
  );
  await run(
    tx,
    Prisma.sql`
    INSERT INTO lead_changes (workspace_id, lead_id, actor_user_id, actor_key_id, field, from_value, to_value)
    VALUES ${Prisma.join(rows)}`,
  );
}

/**
 * Records the same field's change for many leads in one statement: `changed` is a query of (id, from, to)
 * rows, `from` and `to` already JSON (a bulk action's UPDATE … RETURNING, the leads a departing member owned).
 */
export function recordLeadChangesSql(
  workspaceId: string,
  actor: LeadChangeActor,
  field: LeadChangeField,
  changed: Prisma.Sql,
): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO lead_changes (workspace_id, lead_id, actor_user_id, actor_key_id, field, from_value, to_value)
    SELECT ${workspaceId}::uuid, c.id, ${actor.userId}::uuid, ${actor.keyId ?? null}::uuid, ${field}, c.from_value, c.to_value
    FROM (${changed}) AS c`;
}

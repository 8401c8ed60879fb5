import type { SqlExecutor } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { leadSnapshotSql } from "./lead-snapshot";

/** A transaction of the driver's (lib/db) or of Prisma's (code that already holds one). */
type Transaction = SqlExecutor | Prisma.TransactionClient;

/**
 * Writes `lead.updated` outbox messages (DESIGN.md section 7) for `leadIds` to every enabled endpoint of
 * the workspace that takes the event from the lead's link: in the caller's transaction, so a committed change
 * is always announced, with the lead as the change left it (the caller made the change earlier in the same
 * transaction: lead-snapshot.ts). No submission: the change came from a person, not a request. The caller wakes the
 * dispatcher after the commit.
 */
export async function emitLeadUpdated(tx: Transaction, workspaceId: string, leadIds: string[]): Promise<void> {
  if (leadIds.length === 0) return;
  const insert = Prisma.sql`
    INSERT INTO webhook_messages (id, endpoint_id, workspace_id, event_type, lead_id, lead_snapshot)
    SELECT gen_random_uuid(), e.id, e.workspace_id, 'lead.updated', l.id, ${Prisma.raw(leadSnapshotSql("l"))}
    FROM leads l
    JOIN webhook_endpoints e ON e.workspace_id = l.workspace_id AND e.enabled AND 'lead.updated' = ANY (e.events)
      AND (cardinality(e.link_ids) = 0 OR l.capture_link_id = ANY (e.link_ids))
    WHERE l.workspace_id = ${workspaceId}::uuid AND l.id = ANY (${leadIds}::uuid[])`;
  if ("sql" in tx) await tx.sql(insert);
  else await tx.$executeRaw(insert);
}

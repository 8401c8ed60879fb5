import type { SqlExecutor } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { type LeadChanges, writeLeadEvents } from "@/lib/events/write-events";
import { leadSnapshotSql } from "./lead-snapshot";

/** A transaction of the driver's (lib/db) or of Prisma's (code that already holds one). */
type Transaction = SqlExecutor | Prisma.TransactionClient;

/**
 * Writes `lead.assigned` (DESIGN.md section 16) for leads a person gave a new owner, in the caller's transaction,
 * after the change: the assignee is the lead's owner in the event's snapshot, and `changes` says from whom. Not
 * for an unassignment, nor when the person gave the lead to themselves (they know). The caller wakes the outbox.
 */
export async function emitLeadAssigned(
  tx: Transaction,
  workspaceId: string,
  actorUserId: string | null,
  leads: readonly LeadChanges[],
): Promise<void> {
  const told = leads.filter(({ changes }) =>
    changes.some((change) => change.field === "owner" && change.to !== null && change.to !== actorUserId),
  );
  await writeLeadEvents(
    tx,
    workspaceId,
    "lead.assigned",
    told.map(({ leadId, changes }) => ({ leadId, changes: changes.filter((change) => change.field === "owner") })),
    leadSnapshotSql("l"),
  );
}

import type { SqlExecutor } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { type LeadChanges, writeLeadEvents } from "@/lib/events/write-events";
import { leadSnapshotSql } from "./lead-snapshot";

/** A transaction of the driver's (lib/db) or of Prisma's (code that already holds one). */
type Transaction = SqlExecutor | Prisma.TransactionClient;

/**
 * Writes a `lead.updated` event (DESIGN.md section 14) per changed lead, with what changed, in the caller's
 * transaction, so a committed change is always announced, with the lead as the change left it (the caller made
 * the change earlier in the same transaction: lead-snapshot.ts). Which channels hear of it is theirs to say
 * (lib/channels). The caller wakes the outbox after the commit.
 */
export async function emitLeadUpdated(tx: Transaction, workspaceId: string, leads: readonly LeadChanges[]): Promise<void> {
  await writeLeadEvents(tx, workspaceId, "lead.updated", leads, leadSnapshotSql("l"));
}

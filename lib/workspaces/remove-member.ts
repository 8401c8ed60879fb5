import { getDatabase } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { emitLeadUpdated } from "@/lib/leads/emit-lead-updated";
import { recordLeadChangesSql } from "@/lib/leads/record-lead-changes";
import { wakeOutbox } from "@/lib/outbox/wake";
import { countOwners, lastOwner, lockMembership, memberNotFound } from "./lock-membership";
import { assertMemberChangeAllowed } from "./member-rules";

/**
 * Removes a member from the workspace (their account stays), as `actorId`: owners and admins remove
 * members, only owners remove owners, and the last owner cannot be removed. The leads they owned lose their
 * owner (a trigger, migration 20261124090000); each change is kept in the lead's history, by the remover, and
 * announced as `lead.updated`, in the same transaction. The API keys they made in this workspace are revoked in that
 * transaction too: a key never outlives its maker's membership (authenticateApiKey also refuses a key whose maker is
 * no longer a member).
 */
export async function removeMember(workspaceId: string, actorId: string, targetUserId: string): Promise<void> {
  const { prisma } = await getDatabase();
  const released = await prisma.$transaction(async (tx) => {
    const { actor, target } = await lockMembership(tx, workspaceId, actorId, targetUserId);
    if (!target) throw memberNotFound();
    assertMemberChangeAllowed(actor, { from: target });
    if (target === "owner" && (await countOwners(tx, workspaceId)) <= 1) throw lastOwner("removed");
    const owned = await tx.lead.findMany({ where: { workspaceId, ownerId: targetUserId }, select: { id: true } });
    if (owned.length > 0) {
      await tx.$executeRaw(
        recordLeadChangesSql(
          workspaceId,
          { userId: actorId },
          "owner",
          Prisma.sql`SELECT l.id, to_jsonb(l.owner_id::text) AS from_value, 'null'::jsonb AS to_value FROM leads l
            WHERE l.workspace_id = ${workspaceId}::uuid AND l.owner_id = ${targetUserId}::uuid`,
        ),
      );
    }
    await tx.membership.deleteMany({ where: { workspaceId, userId: targetUserId } });
    await tx.apiKey.updateMany({
      where: { workspaceId, createdById: targetUserId, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    await emitLeadUpdated(
      tx,
      workspaceId,
      owned.map((lead) => ({ leadId: lead.id, changes: [{ field: "owner", from: targetUserId, to: null }] })),
    );
    return owned.length;
  });
  if (released > 0) wakeOutbox();
}

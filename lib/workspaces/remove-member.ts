import { getDatabase } from "@/lib/db/client";
import { countOwners, lastOwner, lockMembership, memberNotFound } from "./lock-membership";
import { assertMemberChangeAllowed } from "./member-rules";

/**
 * Removes a member from the workspace (their account stays), as `actorId`: owners and admins remove
 * members, only owners remove owners, and the last owner cannot be removed.
 */
export async function removeMember(workspaceId: string, actorId: string, targetUserId: string): Promise<void> {
  const { prisma } = await getDatabase();
  await prisma.$transaction(async (tx) => {
    const { actor, target } = await lockMembership(tx, workspaceId, actorId, targetUserId);
    if (!target) throw memberNotFound();
    assertMemberChangeAllowed(actor, { from: target });
    if (target === "owner" && (await countOwners(tx, workspaceId)) <= 1) throw lastOwner("removed");
    await tx.membership.deleteMany({ where: { workspaceId, userId: targetUserId } });
  });
}

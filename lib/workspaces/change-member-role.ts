import { z } from "zod";
import { getDatabase } from "@/lib/db/client";
import { parseInput } from "@/lib/validation/parse-input";
import { countOwners, lastOwner, lockMembership, memberNotFound } from "./lock-membership";
import { assertMemberChangeAllowed, type Role } from "./member-rules";
import { MemberRole } from "./workspace-input";

export const MemberRoleChange = z.object({ role: MemberRole });
export type MemberRoleChange = z.input<typeof MemberRoleChange>;

/**
 * Gives a member of the workspace another role, as `actorId` (who must be an owner or an admin; only an
 * owner makes or unmakes owners). The last owner cannot be demoted. Their API keys follow the role they have
 * now (authenticateApiKey reads it on every request): a write key made by someone demoted to member is
 * suspended for admin-only operations, not revoked, and works in full again if they are promoted.
 */
export async function changeMemberRole(
  workspaceId: string,
  actorId: string,
  targetUserId: string,
  input: MemberRoleChange,
): Promise<{ userId: string; role: Role; previousRole: Role }> {
  const { role } = parseInput(MemberRoleChange, input, "member");
  const { prisma } = await getDatabase();
  return prisma.$transaction(async (tx) => {
    const { actor, target } = await lockMembership(tx, workspaceId, actorId, targetUserId);
    if (!target) throw memberNotFound();
    assertMemberChangeAllowed(actor, { from: target, to: role });
    if (target === "owner" && role !== "owner" && (await countOwners(tx, workspaceId)) <= 1) throw lastOwner("demoted");
    await tx.membership.updateMany({ where: { workspaceId, userId: targetUserId }, data: { role } });
    return { userId: targetUserId, role, previousRole: target };
  });
}

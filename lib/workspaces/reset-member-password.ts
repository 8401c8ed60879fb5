import { z } from "zod";
import { revokeUserSessions } from "@/lib/auth/sessions";
import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { hashPassword } from "@/lib/users/password";
import { Password } from "@/lib/users/user-input";
import { parseInput } from "@/lib/validation/parse-input";
import { lockMembership, memberNotFound } from "./lock-membership";
import { assertMemberChangeAllowed, memberChangeRefusal } from "./member-rules";

export const PasswordReset = z.object({ password: Password });
export type PasswordReset = z.input<typeof PasswordReset>;

/**
 * Gives a member of the workspace a new password, as `actorId`, and ends all of the member's sessions.
 * The same rules as changing their role: owners and admins reset members' and admins' passwords, only owners
 * reset owners'. An account is wider than one workspace, so the actor must have that say in every workspace
 * the member belongs to: an admin here cannot take over someone who owns another workspace. Nobody resets
 * their own password here: the account page asks for the current one.
 */
export async function resetMemberPassword(
  workspaceId: string,
  actorId: string,
  targetUserId: string,
  input: PasswordReset,
): Promise<{ sessionsEnded: number }> {
  const { password } = parseInput(PasswordReset, input, "password");
  const passwordHash = await hashPassword(password);
  const { prisma } = await getDatabase();
  return prisma.$transaction(async (tx) => {
    const { actor, target } = await lockMembership(tx, workspaceId, actorId, targetUserId);
    if (!target) throw memberNotFound();
    if (targetUserId === actorId) throw new AppError("forbidden", "Change your own password on your account page.");
    assertMemberChangeAllowed(actor, { from: target });
    const elsewhere = await tx.membership.findMany({
      where: { userId: targetUserId, workspaceId: { not: workspaceId } },
      select: { role: true, workspace: { select: { memberships: { where: { userId: actorId }, select: { role: true } } } } },
    });
    for (const membership of elsewhere) {
      const actorThere = membership.workspace.memberships[0]?.role;
      if (!actorThere || memberChangeRefusal(actorThere, { from: membership.role })) {
        throw new AppError(
          "forbidden",
          "This person also belongs to a workspace where you cannot manage them, so only they (or the command line) can change their password.",
        );
      }
    }
    await tx.user.update({ where: { id: targetUserId }, data: { passwordHash } });
    return { sessionsEnded: await revokeUserSessions(targetUserId, { tx }) };
  });
}

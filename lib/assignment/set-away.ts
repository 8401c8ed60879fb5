import { type AuditActor, recordAudit } from "@/lib/audit/record";
import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

/**
 * Marks a member of the workspace away (or back): the link rotations skip them while away (DESIGN.md section 16).
 * Scoped to the membership: a user who is not a member of the workspace is `member_not_found`. A change is audited
 * (`member.away_changed`, naming the member by email) in its own transaction, as it changes who gets the leads;
 * saving the state the member is already in writes nothing. Returns the state.
 */
export async function setMemberAway(
  workspaceId: string,
  userId: string,
  away: boolean,
  actor: AuditActor,
): Promise<{ away: boolean }> {
  const { prisma } = await getDatabase();
  await prisma.$transaction(async (tx) => {
    const membership = await tx.membership.findFirst({
      where: { workspaceId, userId },
      select: { away: true, user: { select: { email: true } } },
    });
    if (!membership) throw new AppError("member_not_found", "You are not a member of this workspace.");
    if (membership.away === away) return;
    await tx.membership.updateMany({ where: { workspaceId, userId }, data: { away } });
    await recordAudit(
      actor,
      {
        workspaceId,
        action: "member.away_changed",
        targetType: "user",
        targetId: userId,
        details: { name: membership.user.email, changes: [{ field: "away", from: membership.away, to: away }] },
      },
      tx,
    );
  });
  return { away };
}

/** Whether the member is away; false for someone who is not a member. */
export async function isMemberAway(workspaceId: string, userId: string): Promise<boolean> {
  const { prisma } = await getDatabase();
  const membership = await prisma.membership.findFirst({ where: { workspaceId, userId }, select: { away: true } });
  return membership?.away ?? false;
}

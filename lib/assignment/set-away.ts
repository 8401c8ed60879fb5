import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

/**
 * Marks a member of the workspace away (or back): the link rotations skip them while away (DESIGN.md section 16).
 * Scoped to the membership: a user who is not a member of the workspace is `member_not_found`. Returns the state.
 */
export async function setMemberAway(workspaceId: string, userId: string, away: boolean): Promise<{ away: boolean }> {
  const { prisma } = await getDatabase();
  const { count } = await prisma.membership.updateMany({ where: { workspaceId, userId }, data: { away } });
  if (count === 0) throw new AppError("member_not_found", "You are not a member of this workspace.");
  return { away };
}

/** Whether the member is away; false for someone who is not a member. */
export async function isMemberAway(workspaceId: string, userId: string): Promise<boolean> {
  const { prisma } = await getDatabase();
  const membership = await prisma.membership.findFirst({ where: { workspaceId, userId }, select: { away: true } });
  return membership?.away ?? false;
}

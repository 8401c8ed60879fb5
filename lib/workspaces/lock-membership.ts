import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/validation/uuid";
import type { Role } from "./member-rules";

export interface LockedMembers {
  actor: Role;
  /** The target's role, when a target was asked for and is a member. */
  target?: Role;
}

export function memberNotFound(): AppError {
  return new AppError("member_not_found", "This person is not a member of this workspace.");
}

/**
 * Locks the workspace's row for the rest of the transaction, then reads the acting user's role and the
 * target's. Every membership change takes this lock first, so two owners demoting each other at once are
 * serialised and the second sees that only one owner is left. The roles are read under the lock, so an
 * actor demoted a moment ago acts with the role they have now.
 */
export async function lockMembership(
  tx: Prisma.TransactionClient,
  workspaceId: string,
  actorId: string,
  targetId?: string,
): Promise<LockedMembers> {
  const ids = [actorId, targetId].filter((id): id is string => isUuid(id));
  await tx.$queryRaw`SELECT id FROM workspaces WHERE id = ${workspaceId}::uuid FOR UPDATE`;
  const rows = await tx.membership.findMany({
    where: { workspaceId, userId: { in: ids } },
    select: { userId: true, role: true },
  });
  const actor = rows.find((row) => row.userId === actorId);
  // Someone who is not a member cannot tell this workspace from one that does not exist.
  if (!actor) throw new AppError("not_found", "This workspace does not exist.");
  return { actor: actor.role, target: rows.find((row) => row.userId === targetId)?.role };
}

/** How many owners the workspace has, read under the lock of lockMembership. */
export function countOwners(tx: Prisma.TransactionClient, workspaceId: string): Promise<number> {
  return tx.membership.count({ where: { workspaceId, role: "owner" } });
}

export function lastOwner(action: "removed" | "demoted"): AppError {
  return new AppError(
    "last_owner",
    `The last owner cannot be ${action}: a workspace needs at least one owner. Make someone else an owner first.`,
  );
}

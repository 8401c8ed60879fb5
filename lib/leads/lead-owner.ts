import type { SqlExecutor } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";

/**
 * Refuses an owner who is not a member of the workspace (AppError `member_not_found`, on `ownerId`). The
 * membership row is locked for the transaction, so a removal waits for it and then releases the leads
 * (the trigger of migration 20261124090000).
 */
export async function requireOwnerMember(tx: SqlExecutor, workspaceId: string, ownerId: string): Promise<void> {
  const rows = await tx.sql(Prisma.sql`
    SELECT 1 FROM memberships WHERE workspace_id = ${workspaceId}::uuid AND user_id = ${ownerId}::uuid FOR SHARE`);
  if (rows.length === 0) {
    throw new AppError("member_not_found", "The owner must be a member of this workspace.", {
      errors: [{ field: "ownerId", code: "member_not_found", message: "must be a member of this workspace" }],
    });
  }
}

/**
 * The user id of the workspace's member with this (lower-cased) email, with their membership locked like
 * requireOwnerMember's; AppError `validation_failed` on `ownerEmail` when nobody here has it: the address is
 * the input that is wrong, not a member that went away.
 */
export async function ownerIdByEmail(tx: SqlExecutor, workspaceId: string, email: string): Promise<string> {
  const [row] = await tx.sql<{ id: string }>(Prisma.sql`
    SELECT u.id::text AS id FROM memberships m JOIN users u ON u.id = m.user_id
    WHERE m.workspace_id = ${workspaceId}::uuid AND u.email = ${email}
    FOR SHARE OF m`);
  if (!row) {
    throw new AppError("validation_failed", "The owner must be a member of this workspace.", {
      errors: [{ field: "ownerEmail", code: "member_not_found", message: "must be the email of a member of this workspace" }],
    });
  }
  return row.id;
}

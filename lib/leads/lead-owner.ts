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

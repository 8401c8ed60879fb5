import { getDatabase } from "@/lib/db/client";
import { sqlState, uniqueViolation } from "@/lib/db/errors";
import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { parseInput } from "@/lib/validation/parse-input";
import type { Role } from "./member-rules";
import { MemberInput } from "./workspace-input";

export interface AddedMember {
  workspaceId: string;
  userId: string;
  email: string;
  role: Role;
}

function userNotFound(email: string): AppError {
  return new AppError("user_not_found", `No user with the email ${email}. Create it first with \`leadlink user create\`.`, {
    errors: [{ field: "email", code: "not_found", message: "is not the email of any user" }],
  });
}

/**
 * Adds an existing user to a workspace. Pass `tx` to make it part of a larger transaction
 * (creating a workspace with its owner).
 */
export async function addMember(workspaceId: string, input: MemberInput, tx?: Prisma.TransactionClient): Promise<AddedMember> {
  const { email, role } = parseInput(MemberInput, input, "member");
  const db = tx ?? (await getDatabase()).prisma;
  const user = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (!user) throw userNotFound(email);
  try {
    await db.membership.create({ data: { workspaceId, userId: user.id, role } });
  } catch (error) {
    if (uniqueViolation(error) === "memberships_pkey") {
      throw new AppError("already_member", `${email} is already a member of this workspace.`, {
        errors: [{ field: "email", code: "taken", message: "is already a member" }],
      });
    }
    // A foreign key violation: the user was deleted between the look-up and the insert.
    if (sqlState(error) === "23503" && JSON.stringify(error).includes("memberships_user_id_fkey")) throw userNotFound(email);
    throw error;
  }
  return { workspaceId, userId: user.id, email, role };
}

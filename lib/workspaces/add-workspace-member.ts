import { z } from "zod";
import { getDatabase } from "@/lib/db/client";
import { createUser } from "@/lib/users/create-user";
import { Password, UserName } from "@/lib/users/user-input";
import { parseInput } from "@/lib/validation/parse-input";
import { type AddedMember, addMember } from "./add-member";
import { lockMembership } from "./lock-membership";
import { assertMemberChangeAllowed } from "./member-rules";
import { MemberInput } from "./workspace-input";

/**
 * Someone to add from the members page: a person who already has an account (by email), or a new
 * account made with a password the admin passes on.
 */
export const NewMemberInput = z.discriminatedUnion("account", [
  MemberInput.extend({ account: z.literal("existing") }),
  MemberInput.extend({
    account: z.literal("new"),
    password: Password,
    name: UserName.optional().transform((name) => name || undefined),
  }),
]);
export type NewMemberInput = z.input<typeof NewMemberInput>;

/**
 * Adds a member to the workspace as `actorId` (an owner or an admin; only owners add owners), creating
 * their account first when asked. One transaction: a refused membership leaves no account behind.
 */
export async function addWorkspaceMember(workspaceId: string, actorId: string, input: NewMemberInput): Promise<AddedMember> {
  const member = parseInput(NewMemberInput, input, "member");
  const { prisma } = await getDatabase();
  return prisma.$transaction(async (tx) => {
    const { actor } = await lockMembership(tx, workspaceId, actorId);
    assertMemberChangeAllowed(actor, { to: member.role });
    if (member.account === "new") await createUser({ email: member.email, password: member.password, name: member.name }, tx);
    return addMember(workspaceId, { email: member.email, role: member.role }, tx);
  });
}

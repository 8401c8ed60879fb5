import { z } from "zod";
import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { CreatedUser } from "@/lib/users/create-user";
import { hashPassword } from "@/lib/users/password";
import { EmailAddress, Password } from "@/lib/users/user-input";
import { parseInput } from "@/lib/validation/parse-input";
import { revokeUserSessions } from "./sessions";

export const PasswordSetting = z.object({ email: EmailAddress, password: Password });
export type PasswordSetting = z.input<typeof PasswordSetting>;

/**
 * Sets a user's password without the old one (the command line: whoever runs it owns the installation).
 * Every session of the user ends: whoever knew the old password, or holds a cookie, is signed out.
 */
export async function setPassword(input: PasswordSetting): Promise<CreatedUser & { sessionsEnded: number }> {
  const { email, password } = parseInput(PasswordSetting, input, "user");
  const passwordHash = await hashPassword(password);
  const { prisma } = await getDatabase();
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({ where: { email }, data: { passwordHash } });
    if (count === 0) {
      throw new AppError("user_not_found", `No user with the email ${email}.`, {
        errors: [{ field: "email", code: "not_found", message: "is not the email of any user" }],
      });
    }
    const user = await tx.user.findUniqueOrThrow({ where: { email }, select: { id: true, email: true, name: true } });
    return { ...user, sessionsEnded: await revokeUserSessions(user.id, { tx }) };
  });
}

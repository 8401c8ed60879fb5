import { z } from "zod";
import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { hashPassword, verifyPassword } from "@/lib/users/password";
import { Password } from "@/lib/users/user-input";
import { parseInput } from "@/lib/validation/parse-input";
import { loginRetryAfter, recordLoginFailure } from "./login-limit";
import { revokeUserSessions } from "./sessions";

/** The account page's form: the password in use, and the new one. */
export const PasswordChange = z.object({
  currentPassword: z.string().min(1, "is required"),
  newPassword: Password,
});
export type PasswordChange = z.input<typeof PasswordChange>;

/**
 * Changes the signed-in user's own password, which they must know. Every other session of theirs ends
 * (a stolen cookie stops working); `currentSessionId`, the one making the change, stays signed in.
 * Wrong current passwords count as failed sign-ins (lib/auth/login-limit.ts), so a borrowed session
 * cannot be used to guess the password either.
 */
export async function changePassword(
  userId: string,
  currentSessionId: string,
  input: PasswordChange,
): Promise<{ sessionsEnded: number }> {
  const { currentPassword, newPassword } = parseInput(PasswordChange, input, "password change");
  const { prisma } = await getDatabase();
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { email: true, passwordHash: true } });
  if (!user) throw new AppError("unauthorized", "Your session has ended. Sign in again.");
  const retryAfter = await loginRetryAfter(user.email, null);
  if (retryAfter > 0) {
    throw new AppError("too_many_attempts", `Too many wrong passwords. Try again in ${Math.ceil(retryAfter / 60)} minutes.`, {
      retryAfter,
    });
  }
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    await recordLoginFailure(user.email, null);
    throw new AppError("wrong_password", "The current password is not right.", {
      errors: [{ field: "currentPassword", code: "wrong_password", message: "is not your current password" }],
    });
  }
  const passwordHash = await hashPassword(newPassword);
  return prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    return { sessionsEnded: await revokeUserSessions(userId, { except: currentSessionId, tx }) };
  });
}

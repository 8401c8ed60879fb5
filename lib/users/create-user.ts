import { getDatabase } from "@/lib/db/client";
import { uniqueViolation } from "@/lib/db/errors";
import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { parseInput } from "@/lib/validation/parse-input";
import { hashPassword } from "./password";
import { UserInput } from "./user-input";

export interface CreatedUser {
  id: string;
  email: string;
  name: string | null;
}

/** Creates a user. Pass `tx` to make it part of a larger transaction (creating a user and adding them to a workspace). */
export async function createUser(input: UserInput, tx?: Prisma.TransactionClient): Promise<CreatedUser> {
  const { email, password, name } = parseInput(UserInput, input, "user");
  const passwordHash = await hashPassword(password);
  const db = tx ?? (await getDatabase()).prisma;
  try {
    return await db.user.create({
      data: { email, name, passwordHash },
      select: { id: true, email: true, name: true },
    });
  } catch (error) {
    // The unique index settles two concurrent sign-ups with one email.
    if (uniqueViolation(error) === "users_email_key") {
      throw new AppError("email_taken", `A user with the email ${email} already exists.`, {
        errors: [{ field: "email", code: "taken", message: "is already used by another user" }],
      });
    }
    throw error;
  }
}

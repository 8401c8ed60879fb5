import { getDatabase } from "@/lib/db/client";
import { uniqueViolation } from "@/lib/db/errors";
import { AppError } from "@/lib/errors";
import { parseInput } from "@/lib/validation/parse-input";
import { hashPassword } from "./password";
import { UserInput } from "./user-input";

export interface CreatedUser {
  id: string;
  email: string;
  name: string | null;
}

export async function createUser(input: UserInput): Promise<CreatedUser> {
  const { email, password, name } = parseInput(UserInput, input, "user");
  const passwordHash = await hashPassword(password);
  const { prisma } = await getDatabase();
  try {
    return await prisma.user.create({
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

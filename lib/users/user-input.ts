import { z } from "zod";
import { EmailAddress } from "@/lib/validation/email-address";
import { isCommonPassword } from "./common-passwords";

// A kernel schema, so that forms running in the browser can use it without this module's password list.
export { EmailAddress };

/**
 * Not trimmed: spaces are part of a password. The upper bound keeps hashing cheap for hostile input. The one
 * schema of a new password (setup, invitation, reset, change, a member's reset, the CLI): one of the most common
 * passwords is refused, since it is among the first that anyone guessing tries.
 */
export const Password = z
  .string()
  .min(8, "must be at least 8 characters")
  .max(1024, "must be at most 1024 characters")
  // Only once long enough: a short password has one issue to fix, not two.
  .refine((password) => password.length < 8 || !isCommonPassword(password), {
    message: "is too common: choose one that is harder to guess",
    params: { code: "common_password" },
  });

export const UserName = z.string().trim().max(100, "must be at most 100 characters");

/** A new user, as the setup page and the CLI send it. An empty name means no name. */
export const UserInput = z.object({
  email: EmailAddress,
  password: Password,
  name: UserName.optional().transform((name) => name || undefined),
});
export type UserInput = z.input<typeof UserInput>;

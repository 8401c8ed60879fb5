import { z } from "zod";

/** Stored lower-cased: sign-in and membership look-ups compare it as typed in any case. */
export const EmailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "must be at most 254 characters")
  .pipe(z.email("must be a valid email address"));

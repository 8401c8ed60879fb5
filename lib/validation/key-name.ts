import { z } from "zod";

/**
 * A key a sender's JSON or HTML form uses: a custom field's name, a link's honeypot field. Starts with a
 * letter or `_`, so it can never read as a UUID (a field's id) or a number.
 */
export const KeyName = z
  .string()
  .trim()
  .min(1, "is required")
  .max(64, "must be at most 64 characters")
  .regex(
    /^[A-Za-z_][A-Za-z0-9_.-]*$/,
    "must use only letters without accents (a-z, A-Z), digits and _ . -, starting with a letter or _",
  );

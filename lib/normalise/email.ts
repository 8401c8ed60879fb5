import { z } from "zod";
import { invalid, type Normalised, valid } from "./result";

const MAX_EMAIL = 254; // RFC 5321 path limit

/** A valid address, lower-cased: the form leads are matched by. */
export function normaliseEmail(input: string): Normalised<string> {
  const email = input.toLowerCase();
  if (email.length > MAX_EMAIL) return invalid("too_long", `must be at most ${MAX_EMAIL} characters`);
  if (!z.regexes.email.test(email)) return invalid("invalid_email", "must be a valid email address");
  return valid(email);
}

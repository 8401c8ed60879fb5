import { z } from "zod";
import { normaliseOrigin } from "./allowed-origins";

export const LinkName = z.string().trim().min(1, "is required").max(100, "must be at most 100 characters");

/** An allowed origin as typed by an admin, normalised to the form browsers send. */
export const AllowedOrigin = z.string().transform((value, ctx) => {
  const normalised = normaliseOrigin(value);
  if (normalised.ok) return normalised.origin;
  ctx.issues.push({ code: "custom", input: value, message: normalised.message, params: { code: "invalid_origin" } });
  return z.NEVER;
});

export const AllowedOrigins = z
  .array(AllowedOrigin)
  .max(50, "must list at most 50 origins")
  .transform((origins) => [...new Set(origins)]);

/** A new capture link, as the admin form and the CLI send it. No allowed origins: any origin may post. */
export const LinkInput = z.object({
  name: LinkName,
  allowedOrigins: AllowedOrigins.default([]),
});
export type LinkInput = z.input<typeof LinkInput>;

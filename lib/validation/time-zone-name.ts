import { z } from "zod";
import { canonicalTimeZone } from "@/lib/time/time-zone";

/**
 * An IANA time zone ("America/Sao_Paulo"), read by its canonical name: a workspace's zone (its settings page,
 * the CLI) and a member's own (the account page). Only zones PostgreSQL knows too (canonicalTimeZone).
 */
export const TimeZoneName = z
  .string()
  .trim()
  .transform((name, ctx) => {
    const zone = canonicalTimeZone(name);
    if (zone) return zone;
    ctx.issues.push({
      code: "custom",
      input: name,
      params: { code: "invalid_time_zone" },
      message: "must be an IANA time zone such as America/Sao_Paulo or UTC",
    });
    return z.NEVER;
  });

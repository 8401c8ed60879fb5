import { z } from "zod";
import { uuidSchema } from "@/lib/validation/uuid";

/** The longest response target: a week (DESIGN.md section 16). */
export const MAX_RESPONSE_TARGET_MINUTES = 10_080;
/** The most members one link rotates through. */
export const MAX_ASSIGNEES = 100;

export const ResponseTargetMinutes = z
  .number("must be a whole number of minutes")
  .int("must be a whole number of minutes")
  .min(1, "must be at least 1 minute")
  .max(MAX_RESPONSE_TARGET_MINUTES, `must be at most ${MAX_RESPONSE_TARGET_MINUTES} minutes (a week)`);

/**
 * A link's assignment settings (DESIGN.md section 16), as the admin form, the CLI and the API send them; a key
 * left out keeps its value. `assigneeIds` lists the members the rotation goes through, in its order (replacing
 * the list); `responseTargetMinutes` null: no target.
 */
export const LinkAssignmentInput = z.object({
  roundRobin: z.boolean().optional(),
  assigneeIds: z
    .array(z.string().trim().toLowerCase().pipe(uuidSchema("must be member ids")), "must be a list of member ids")
    .max(MAX_ASSIGNEES, `must list at most ${MAX_ASSIGNEES} members`)
    .transform((ids) => [...new Set(ids)])
    .optional(),
  responseTargetMinutes: ResponseTargetMinutes.nullable().optional(),
});
export type LinkAssignmentInput = z.input<typeof LinkAssignmentInput>;

/** One member of a link's rotation, in order. */
export const LinkAssigneeSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  away: z.boolean(),
});

/** A link's assignment settings as read back. */
export const LinkAssignmentSchema = z.object({
  linkId: z.string(),
  roundRobin: z.boolean(),
  assignees: z.array(LinkAssigneeSchema),
  responseTargetMinutes: z.number().int().nullable(),
});
export type LinkAssignment = z.output<typeof LinkAssignmentSchema>;

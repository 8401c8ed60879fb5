import { z } from "zod";
import { hasUnstorableCharacters } from "@/lib/normalise/text";
import { EmailAddress } from "@/lib/validation/email-address";
import { uuidSchema } from "@/lib/validation/uuid";

/** Where a marketer is with a lead (DESIGN.md section 10); new leads start at `new`. */
export const LEAD_STATUSES = ["new", "contacted", "qualified", "won", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const leadStatusSchema = z.enum(LEAD_STATUSES, `must be one of ${LEAD_STATUSES.join(", ")}`);

export const MAX_TAG_LENGTH = 50;
export const MAX_TAGS_PER_LEAD = 50;
export const MAX_NOTE_LENGTH = 10_000;

/**
 * A tag as typed: trimmed, inner runs of spaces made one. No commas, so that a list of tags reads back
 * unambiguously from a form field or a CSV cell ("vip, hot"). Case is kept; two spellings that differ only in
 * case are one tag (lib/leads/lead-tags.ts).
 */
export const tagSchema = z
  .string("must be a string")
  .transform((value) => value.trim().replace(/\s+/g, " "))
  .pipe(
    z
      .string()
      .min(1, "must not be empty")
      .max(MAX_TAG_LENGTH, `must be at most ${MAX_TAG_LENGTH} characters`)
      .refine((value) => !value.includes(","), "must not contain a comma")
      .refine((value) => !hasUnstorableCharacters(value), {
        message: "must not contain NUL characters or unpaired surrogates",
        params: { code: "invalid_characters" },
      }),
  );

/** The same tag twice (in any case) is kept once, in its first spelling. */
function uniqueTags(tags: string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A change to a lead's workflow fields, as the admin, the CLI and `PATCH /api/v1/leads/{id}` send it. Every
 * field is optional; the owner is named by `ownerId` or, for integrations that know people by address, by
 * `ownerEmail` (a member's, in any case), not both; either one `null` unassigns; `tags` replaces the lead's tags.
 */
export const leadWorkflowPatchSchema = z
  .object({
    status: leadStatusSchema.optional(),
    ownerId: z
      .string("must be a member's user id or null")
      .pipe(uuidSchema("must be a member's user id"))
      .nullable()
      .optional()
      .describe("A member's user id; null unassigns."),
    ownerEmail: z
      .string("must be a member's email address or null")
      .pipe(EmailAddress)
      .nullable()
      .optional()
      .describe("A member's email address, in any case; null unassigns. Not with ownerId."),
    tags: z
      .array(tagSchema, "must be an array of strings")
      .max(MAX_TAGS_PER_LEAD, `must have at most ${MAX_TAGS_PER_LEAD} tags`)
      .transform(uniqueTags)
      .optional(),
  })
  .strict()
  .superRefine((patch, context) => {
    if (patch.ownerId !== undefined && patch.ownerEmail !== undefined) {
      context.addIssue({
        code: "custom",
        path: ["ownerEmail"],
        message: "cannot be sent with ownerId: name the owner once",
        params: { code: "not_allowed" },
      });
    }
  });
export type LeadWorkflowPatch = z.output<typeof leadWorkflowPatchSchema>;
export type LeadWorkflowPatchInput = z.input<typeof leadWorkflowPatchSchema>;

/** A list of tags typed in one field, separated by commas ("vip, hot lead"). */
export function splitTags(text: string): string[] {
  return text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
}

export const leadNoteSchema = z.object({
  body: z
    .string("must be text")
    .trim()
    .min(1, "must not be empty")
    .max(MAX_NOTE_LENGTH, `must be at most ${MAX_NOTE_LENGTH.toLocaleString("en")} characters`)
    // Stored as text, which cannot hold NUL: refused as ingest refuses it, rather than failing at the database.
    .refine((value) => !hasUnstorableCharacters(value), {
      message: "must not contain NUL characters or unpaired surrogates",
      params: { code: "invalid_characters" },
    }),
});
export type LeadNoteInput = z.input<typeof leadNoteSchema>;

/** What a bulk action does to each lead it touches (erase comes with the LGPD work: see bulk-update-leads.ts). */
export const bulkLeadActionSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("status"), status: leadStatusSchema }),
    z.object({
      kind: z.literal("owner"),
      ownerId: z.string().pipe(uuidSchema("must be a member's user id")).nullable(),
    }),
    z.object({ kind: z.literal("addTag"), tag: tagSchema }),
    z.object({ kind: z.literal("removeTag"), tag: tagSchema }),
  ],
  "must be one of status, owner, addTag, removeTag",
);
export type BulkLeadAction = z.output<typeof bulkLeadActionSchema>;
export type BulkLeadActionInput = z.input<typeof bulkLeadActionSchema>;

import { z } from "zod";
import { AppError } from "@/lib/errors";

/** One lead Meta announced: its id, and the change's other ids (page, form, ad, ad set, time) as Meta sent them. */
export interface AnnouncedLead {
  leadgenId: string;
  platform: Record<string, unknown>;
}

/** Meta sends ids as strings; a number is read as its digits, never as a float's rendering. */
const Id = z.union([z.string().trim().min(1).max(100), z.number().int().nonnegative()]).transform(String);

const LeadgenChange = z.looseObject({
  field: z.literal("leadgen"),
  value: z.looseObject({ leadgen_id: Id }),
});

const PageWebhook = z.looseObject({
  object: z.literal("page"),
  entry: z
    .array(z.looseObject({ changes: z.array(z.unknown()).optional() }))
    .min(1)
    .max(1_000),
});

/**
 * Meta's Page webhook (`{"object":"page","entry":[{"id","time","changes":[{"field":"leadgen","value":{"leadgen_id",
 * "page_id","form_id","ad_id","adgroup_id","created_time"}}]}]}`): every leadgen change of every entry, in order,
 * each leadgen_id once. Changes of other fields (a page subscribed to more than leads) are skipped; a body that is
 * not a Page webhook at all is 422 validation_failed.
 */
export function readMetaWebhook(text: string): AnnouncedLead[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError("invalid_json", "The body is not valid JSON.");
  }
  const parsed = PageWebhook.safeParse(json);
  if (!parsed.success) {
    throw new AppError("validation_failed", "The body is not a Meta Page webhook.", {
      errors: parsed.error.issues.map((issue) => ({
        field: issue.path.join(".") || "object",
        code: "invalid",
        message: issue.path[0] === "object" ? 'must be "page"' : issue.message,
      })),
    });
  }
  const leads = new Map<string, AnnouncedLead>();
  for (const entry of parsed.data.entry) {
    for (const change of entry.changes ?? []) {
      const leadgen = LeadgenChange.safeParse(change);
      if (!leadgen.success || leads.has(leadgen.data.value.leadgen_id)) continue;
      const { value } = leadgen.data;
      leads.set(value.leadgen_id, { leadgenId: value.leadgen_id, platform: { ...value, leadgen_id: value.leadgen_id } });
    }
  }
  return [...leads.values()];
}

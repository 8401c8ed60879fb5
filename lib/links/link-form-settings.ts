import { z } from "zod";
import { ADDRESS_KEYS } from "@/lib/leads/lead-keys";
import { checkText, describeType } from "@/lib/normalise/text";
import { RedirectUrl } from "./form-settings";

/**
 * A capture link's form settings (DESIGN.md section 12): the one JSON document the hosted form, the snippets
 * and the thank-you pages are built from. Not to be confused with ./form-settings.ts, which is about HTML form
 * posts and captchas (section 11). The checks that need the workspace (custom fields) or the link (its consent
 * requirement) are in ./set-link-form.ts.
 */

/** The form's languages: the admin's two, and Spanish, which only visitors see. */
export const FORM_LANGUAGES = ["pt-BR", "en", "es"] as const;
export type FormLanguage = (typeof FORM_LANGUAGES)[number];

/** The lead's own fields a form can ask for (the ingest contract's keys, DESIGN.md section 3). */
export const FORM_LEAD_KEYS = [
  "name",
  "email",
  "telephone",
  "document",
  "profession",
  "city",
  "state",
  "instagram",
  "birthday",
] as const;
export type FormLeadKey = (typeof FORM_LEAD_KEYS)[number];

export const MAX_FORM_FIELDS = 30;
const MAX_TITLE = 200;
const MAX_DESCRIPTION = 2_000;
const MAX_LABEL = 200;
const MAX_HELP = 500;
const MAX_CONSENT_TEXT = 2_000;
const MAX_PURPOSES = 20;
const MAX_URL = 2_000;
const MAX_KEY = 200;

const CUSTOM_PREFIX = "customFields.";
const ADDRESS_PREFIX = "address.";

type Ctx = z.core.$RefinementCtx;

function fail(ctx: Ctx, code: string, message: string): never {
  ctx.issues.push({ code: "custom", message, input: undefined, params: { code } });
  return z.NEVER;
}

const expected = (what: string) => ({
  error: (issue: { input?: unknown }) => `must be ${what}, not ${describeType(issue.input)}`,
});

/** Trimmed text without NUL (jsonb cannot store it) or lone surrogates; "" only where `optional`. */
function formText(max: number, options: { optional?: boolean } = {}) {
  return z.string(expected("a string")).transform((value, ctx) => {
    const checked = checkText(value, max);
    if (!checked.ok) return fail(ctx, checked.code, checked.message);
    if (checked.value === undefined) return options.optional ? "" : fail(ctx, "required", "is required");
    return checked.value;
  });
}

/** What a field key names: one of the lead's fields, an address subfield, or a custom field by its name. */
export type FormFieldKey =
  | { kind: "lead"; key: FormLeadKey }
  | { kind: "address"; key: (typeof ADDRESS_KEYS)[number] }
  | { kind: "custom"; name: string };

export function readFieldKey(key: string): FormFieldKey | undefined {
  if ((FORM_LEAD_KEYS as readonly string[]).includes(key)) return { kind: "lead", key: key as FormLeadKey };
  if (key.startsWith(ADDRESS_PREFIX)) {
    const sub = key.slice(ADDRESS_PREFIX.length);
    return (ADDRESS_KEYS as readonly string[]).includes(sub)
      ? { kind: "address", key: sub as (typeof ADDRESS_KEYS)[number] }
      : undefined;
  }
  if (key.startsWith(CUSTOM_PREFIX) && key.length > CUSTOM_PREFIX.length)
    return { kind: "custom", name: key.slice(CUSTOM_PREFIX.length) };
  return undefined;
}

const KEY_CHOICES = `${FORM_LEAD_KEYS.join(", ")}, address.<${ADDRESS_KEYS.join("|")}> or customFields.<name>`;

/** A workspace's custom fields by name, as a form's `customFields.<name>` keys are checked against. */
export type CustomFieldLabels = ReadonlyMap<string, { label: string; archived: boolean }>;

/** What the checks that need the database know: the workspace's custom fields and the link's consent requirement. */
export interface LinkFormFacts {
  customFields: CustomFieldLabels;
  requireConsent: boolean;
}

function fieldKey(facts: LinkFormFacts | undefined) {
  return z.string(expected("a string")).transform((value, ctx) => {
    const key = value.trim();
    if (key.length > MAX_KEY) return fail(ctx, "too_long", `must be at most ${MAX_KEY} characters`);
    const read = readFieldKey(key);
    if (!read) return fail(ctx, "unknown_field", `must be one of ${KEY_CHOICES}`);
    if (read.kind === "custom" && facts) {
      const field = facts.customFields.get(read.name);
      if (!field) return fail(ctx, "unknown_custom_field", `names no custom field of this workspace ("${read.name}")`);
      if (field.archived) return fail(ctx, "archived_custom_field", `names an archived custom field ("${read.name}")`);
    }
    return key;
  });
}

function formField(facts: LinkFormFacts | undefined) {
  return z.object(
    {
      key: fieldKey(facts),
      /** Empty or left out: the field's label in the form's language (a custom field's own label). */
      label: formText(MAX_LABEL, { optional: true }).optional().default(""),
      help: formText(MAX_HELP, { optional: true }).optional().default(""),
      required: z.boolean(expected("a boolean")),
    },
    expected("an object"),
  );
}

/** The fields' checks across fields: no key twice, and an email or a telephone among them. */
function formFields(facts: LinkFormFacts | undefined) {
  return z
    .array(formField(facts), expected("an array"))
    .min(1, "must list at least one field")
    .max(MAX_FORM_FIELDS, `must list at most ${MAX_FORM_FIELDS} fields`)
    .superRefine((fields, ctx) => {
      const seen = new Set<string>();
      fields.forEach((field, index) => {
        if (seen.has(field.key)) {
          ctx.addIssue({
            code: "custom",
            path: [index, "key"],
            message: `"${field.key}" is already in the form`,
            params: { code: "duplicate_field" },
          });
        }
        seen.add(field.key);
      });
      // A lead is an email or a telephone (DESIGN.md section 3): a form without either could never create one.
      // An empty list is already "at least one field".
      if (fields.length > 0 && !seen.has("email") && !seen.has("telephone")) {
        ctx.addIssue({
          code: "custom",
          message: "must include email or telephone: a lead needs one of them",
          params: { code: "identity_field_missing" },
        });
      }
    });
}

const FormConsent = z.object(
  {
    text: formText(MAX_CONSENT_TEXT),
    version: formText(200),
    purposes: z
      .array(formText(200), expected("an array of strings"))
      .max(MAX_PURPOSES, `must list at most ${MAX_PURPOSES} purposes`),
    required: z.boolean(expected("a boolean")),
  },
  expected("an object or null"),
);

/** A logo is shown on the visitor's page: https only, so a page served over https never loads it insecurely. */
const LogoUrl = z
  .string(expected("a string or null"))
  .trim()
  .max(MAX_URL, `must be at most ${MAX_URL} characters`)
  .transform((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return fail(ctx, "invalid_url", "must be an absolute https URL, like https://www.example.com/logo.png");
    }
    if (url.protocol !== "https:") return fail(ctx, "invalid_url", "must use https");
    if (url.username || url.password) return fail(ctx, "invalid_url", "must not contain a user name or password");
    return url.href;
  });

const Theme = z.object(
  {
    color: z
      .string(expected("a string"))
      .trim()
      .transform((value, ctx) =>
        /^#[0-9a-fA-F]{6}$/.test(value) ? value.toLowerCase() : fail(ctx, "invalid_color", "must be a colour like #1d4ed8"),
      ),
    logoUrl: LogoUrl.nullable().optional().default(null),
  },
  expected("an object"),
);

/**
 * The document as the CLI, the API and (later) the admin's Form tab send it. `language`, `title`, `fields`
 * (each with `key` and `required`), `consent` and `theme.color` are required; labels, `submitLabel` and
 * `successMessage` left out or empty take the words of the form's language; unknown keys are dropped.
 * With `facts`, custom field keys must name an active custom field, and a link that requires consent must
 * ask for it; without, the shape alone (the OpenAPI document).
 */
export function linkFormSettingsSchema(facts?: LinkFormFacts) {
  const consent = FormConsent.nullable().superRefine((value, ctx) => {
    if (facts?.requireConsent && value?.required !== true) {
      ctx.addIssue({
        code: "custom",
        message: "must be a required consent: this capture link refuses leads without consent",
        params: { code: "consent_required" },
      });
    }
  });
  return z.object(
    {
      language: z.enum(FORM_LANGUAGES, { error: `must be one of ${FORM_LANGUAGES.join(", ")}` }),
      title: formText(MAX_TITLE),
      description: formText(MAX_DESCRIPTION, { optional: true }).optional().default(""),
      fields: formFields(facts),
      consent,
      // Empty or left out: the words of the form's language.
      submitLabel: formText(100, { optional: true }).optional().default(""),
      successMessage: formText(1_000, { optional: true }).optional().default(""),
      successUrl: RedirectUrl.nullable().optional().default(null),
      theme: Theme,
    },
    expected("an object"),
  );
}

export const LinkFormSettings = linkFormSettingsSchema();
export type LinkFormSettings = z.output<typeof LinkFormSettings>;
export type LinkFormSettingsInput = z.input<typeof LinkFormSettings>;
export type LinkFormField = LinkFormSettings["fields"][number];

/** A zod path as JSON readers write it: `fields[2].key`, `theme.color`. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, part) => {
    if (typeof part === "number") return `${text}[${part}]`;
    return text === "" ? String(part) : `${text}.${String(part)}`;
  }, "");
}

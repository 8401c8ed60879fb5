import { z } from "zod";
import type { FieldIssue } from "@/lib/errors";
import { ConsentInput } from "@/lib/leads/consent-input";
import { ADDRESS_KEYS, type AddressKey } from "@/lib/leads/lead-keys";
import { normaliseBirthday } from "@/lib/normalise/date";
import { normaliseDocument } from "@/lib/normalise/document";
import { normaliseEmail } from "@/lib/normalise/email";
import { normaliseInstagram } from "@/lib/normalise/instagram";
import { normalisePhone } from "@/lib/normalise/phone";
import type { Normalised } from "@/lib/normalise/result";
import { normaliseState } from "@/lib/normalise/state";
import { checkText, describeType, excerpt } from "@/lib/normalise/text";

type Ctx = z.core.$RefinementCtx;

function report<T>(ctx: Ctx, result: Normalised<T>): T | undefined {
  if (result.ok) return result.value;
  return fail(ctx, result);
}

function fail(ctx: Ctx, result: { code: string; message: string }): never {
  ctx.issues.push({ code: "custom", message: result.message, input: undefined, params: { code: result.code } });
  return z.NEVER;
}

const expected = (what: string) => ({
  error: (issue: { input?: unknown }) => `must be ${what}, not ${describeType(issue.input)}`,
});

/** A string field: trimmed, "" and null mean "not sent", at most 500 characters, then the field's own rule. */
function text(normalise?: (value: string) => Normalised<string>) {
  return z
    .string(expected("a string"))
    .nullable()
    .optional()
    .transform((value, ctx) => {
      if (value === null || value === undefined) return undefined;
      const checked = checkText(value);
      if (!checked.ok) return fail(ctx, checked);
      return checked.value === undefined || !normalise ? checked.value : report(ctx, normalise(checked.value));
    });
}

/** A string that may also arrive as a JSON number (house numbers, ZIP codes). */
function textOrNumber() {
  return z
    .union([z.string(), z.number()], expected("a string or a number"))
    .nullable()
    .optional()
    .transform((value, ctx) => {
      if (value === null || value === undefined) return undefined;
      if (typeof value === "number" && !Number.isFinite(value))
        return fail(ctx, { code: "invalid_number", message: "must be a finite number" });
      return report(ctx, checkText(String(value)));
    });
}

const Address = z
  .object(
    {
      street: text(),
      number: textOrNumber(),
      complement: text(),
      neighborhood: text(),
      city: text(),
      state: text(normaliseState),
      zipCode: textOrNumber(),
      country: text(),
    },
    expected("an object"),
  )
  .nullable()
  .optional()
  .transform((address) => {
    if (!address) return undefined;
    const sent = Object.fromEntries(Object.entries(address).filter(([, value]) => value !== undefined)) as Partial<
      Record<AddressKey, string>
    >;
    return Object.keys(sent).length > 0 ? sent : undefined;
  });

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Checked against the workspace's field definitions later (resolve-custom-fields.ts); here only its shape. */
const CustomFields = z
  .custom<Record<string, unknown>>(isPlainObject, expected("an object"))
  .nullable()
  .optional()
  .transform((value) => value ?? undefined);

const schemas = new Map<string, ReturnType<typeof buildLeadInput>>();

function buildLeadInput(country: string) {
  return z.object({
    email: text(normaliseEmail),
    name: text(),
    telephone: z
      .union([z.string(), z.number()], expected("a string or a number"))
      .nullable()
      .optional()
      .transform((value, ctx) => {
        if (value === null || value === undefined) return undefined;
        if (typeof value === "number") return report(ctx, normalisePhone(value, country));
        const checked = checkText(value);
        if (!checked.ok) return fail(ctx, checked);
        return checked.value === undefined ? undefined : report(ctx, normalisePhone(checked.value, country));
      }),
    document: text(normaliseDocument),
    profession: text(),
    city: text(),
    state: text(normaliseState),
    instagram: text(normaliseInstagram),
    birthday: text((value) => normaliseBirthday(value)),
    address: Address,
    utmSource: text(),
    utmMedium: text(),
    utmCampaign: text(),
    utmContent: text(),
    utmTerm: text(),
    customFields: CustomFields,
    consent: ConsentInput,
  });
}

/**
 * The lead a sender posts (specification 2.2 to 2.4), normalised: the one schema of a posted lead (the
 * admin shows leads but does not edit their fields). Phones are read in the workspace's country.
 */
export function leadInputSchema(country: string) {
  let schema = schemas.get(country);
  if (!schema) {
    schema = buildLeadInput(country);
    schemas.set(country, schema);
  }
  return schema;
}

export type LeadInput = z.output<ReturnType<typeof leadInputSchema>>;

export const LEAD_KEYS: ReadonlySet<string> = new Set(Object.keys(buildLeadInput("BR").shape));

function issueToField(issue: z.core.$ZodIssue): FieldIssue {
  const field = issue.path.map(String).join(".") || "body";
  const custom = issue.code === "custom" ? (issue.params as { code?: string } | undefined)?.code : undefined;
  const code = custom ?? (issue.code === "invalid_union" ? "invalid_type" : issue.code);
  return { field, code, message: issue.message };
}

const IDENTITY_KEYS = ["name", "email", "telephone"] as const;

/** A link that requires consent refuses a request without `consent.granted === true` (DESIGN.md section 9). */
function consentRequired(): FieldIssue {
  return { field: "consent", code: "consent_required", message: "this capture link requires consent with granted: true" };
}

function grantedConsent(body: Record<string, unknown>): boolean {
  const consent = body.consent;
  return isPlainObject(consent) && consent.granted === true;
}

/** A link that requires identity refuses a request without any of these, naming all three. */
function identityRequired(): FieldIssue[] {
  return IDENTITY_KEYS.map((field) => ({
    field,
    code: "identity_required",
    message: "this capture link requires at least one of name, email or telephone",
  }));
}

function sentAny(body: Record<string, unknown>, keys: readonly string[]): boolean {
  return keys.some((key) => {
    const value = body[key];
    return value !== null && value !== undefined && !(typeof value === "string" && value.trim() === "");
  });
}

export interface ParsedLeadInput {
  input?: LeadInput;
  errors: FieldIssue[];
  warnings: FieldIssue[];
}

/**
 * Validates and normalises a request body (a JSON object). Every invalid field is reported, not only the
 * first. Keys the specification does not define are ignored with a warning (`ignoredKeys` are expected
 * extras, such as a link's honeypot field, that get no warning). None of name, email or telephone is a
 * `no_identity` warning, or, with `requireIdentity` (the link's setting), an error on each of the three.
 */
export function parseLeadInput(
  body: Record<string, unknown>,
  country: string,
  ignoredKeys: ReadonlySet<string> = new Set(),
  options: { requireIdentity?: boolean; requireConsent?: boolean } = {},
): ParsedLeadInput {
  const warnings: FieldIssue[] = [];
  for (const key of Object.keys(body)) {
    if (!LEAD_KEYS.has(key) && !ignoredKeys.has(key)) {
      warnings.push({
        field: safeKey(key),
        code: "unknown_field",
        message: "is not a lead field; ignored (kept in the submission record)",
      });
    }
  }
  const address = body.address;
  if (isPlainObject(address)) {
    for (const key of Object.keys(address)) {
      if (!(ADDRESS_KEYS as readonly string[]).includes(key)) {
        warnings.push({ field: `address.${safeKey(key)}`, code: "unknown_field", message: "is not an address field; ignored" });
      }
    }
  }

  const parsed = leadInputSchema(country).safeParse(body);
  if (!parsed.success) {
    // Every problem at once: a request that is invalid and also lacks identity hears about both.
    const identity = options.requireIdentity && !sentAny(body, IDENTITY_KEYS) ? identityRequired() : [];
    const errors = [...parsed.error.issues.map(issueToField), ...identity];
    if (options.requireConsent && !grantedConsent(body) && !errors.some((error) => error.field.startsWith("consent")))
      errors.push(consentRequired());
    return { errors, warnings };
  }
  const input = parsed.data;
  if (options.requireConsent && input.consent?.granted !== true) {
    const identity = options.requireIdentity && !input.email && !input.telephone && !input.name ? identityRequired() : [];
    return { errors: [...identity, consentRequired()], warnings };
  }
  if (!input.email && !input.telephone && !input.name) {
    if (options.requireIdentity) return { errors: identityRequired(), warnings };
    warnings.push({
      field: "body",
      code: "no_identity",
      message: "none of name, email or telephone was sent: a new lead is created that later requests cannot match",
    });
  }
  return { input, errors: [], warnings };
}

/** A key from the request as it may appear in a response or a jsonb column (no NUL, no lone surrogate, bounded). */
export function safeKey(key: string): string {
  return excerpt(key, 200);
}

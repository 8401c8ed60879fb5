import { z } from "zod";
import { checkText, describeType } from "@/lib/normalise/text";

export const LEGAL_BASES = ["consent", "legitimate_interest", "contract", "legal_obligation"] as const;
export type LegalBasis = (typeof LEGAL_BASES)[number];

export const MAX_CONSENT_TEXT = 2_000;
const MAX_PURPOSES = 50;
const MAX_PURPOSE = 200;

type Ctx = z.core.$RefinementCtx;

function fail(ctx: Ctx, code: string, message: string): never {
  ctx.issues.push({ code: "custom", message, input: undefined, params: { code } });
  return z.NEVER;
}

const expected = (what: string) => ({
  error: (issue: { input?: unknown }) => `must be ${what}, not ${describeType(issue.input)}`,
});

/** Trimmed text with the lead fields' rules (no NUL, no lone surrogate), "" and null meaning "not sent". */
function consentText(max: number) {
  return z
    .string(expected("a string"))
    .nullable()
    .optional()
    .transform((value, ctx) => {
      if (value === null || value === undefined) return undefined;
      const checked = checkText(value, max);
      if (!checked.ok) return fail(ctx, checked.code, checked.message);
      return checked.value;
    });
}

/**
 * The optional `consent` object of an ingest request (DESIGN.md section 9): what the person agreed to,
 * under which legal basis, for which purposes. Each accepted submission carrying it appends an immutable
 * consent record (lib/privacy/consent-records.ts).
 */
export const ConsentInput = z
  .object(
    {
      granted: z.boolean(expected("a boolean")),
      text: consentText(MAX_CONSENT_TEXT),
      version: consentText(200),
      legalBasis: z
        .enum(LEGAL_BASES, { error: () => `must be one of ${LEGAL_BASES.join(", ")}` })
        .nullable()
        .optional()
        .transform((value): LegalBasis => value ?? "consent"),
      purposes: z
        .array(consentText(MAX_PURPOSE), expected("an array of strings"))
        .max(MAX_PURPOSES, `must list at most ${MAX_PURPOSES} purposes`)
        .nullable()
        .optional()
        .transform((values) => [...new Set((values ?? []).filter((value): value is string => value !== undefined))]),
    },
    expected("an object"),
  )
  .nullable()
  .optional()
  .transform((value) => value ?? undefined);

export type Consent = NonNullable<z.output<typeof ConsentInput>>;

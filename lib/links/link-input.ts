import { z } from "zod";
import { LEAD_KEYS } from "@/lib/leads/lead-input";
import { KeyName } from "@/lib/validation/key-name";
import { RateLimitSetting } from "@/lib/validation/rate";
import { normaliseOrigin } from "./allowed-origins";
import { CaptchaMinScore, CaptchaProviderInput, CaptchaSecret, CaptchaSiteKey, RedirectUrl } from "./form-settings";
import { LINK_SOURCES } from "./link-source-settings";

export const LinkName = z.string().trim().min(1, "is required").max(100, "must be at most 100 characters");

/** An allowed origin as typed by an admin, normalised to the form browsers send. */
export const AllowedOrigin = z.string().transform((value, ctx) => {
  const normalised = normaliseOrigin(value);
  if (normalised.ok) return normalised.origin;
  ctx.issues.push({ code: "custom", input: value, message: normalised.message, params: { code: "invalid_origin" } });
  return z.NEVER;
});

export const MAX_ALLOWED_ORIGINS = 50;

export const AllowedOrigins = z
  .array(AllowedOrigin)
  .max(MAX_ALLOWED_ORIGINS, `must list at most ${MAX_ALLOWED_ORIGINS} origins`)
  .transform((origins) => [...new Set(origins)]);

const MAX_RATE_COUNT = 1_000_000;

/**
 * A link's own rate limit, in INGEST_RATE_LIMIT's syntax, stored compactly ("600 / MIN" → "600/min").
 * "0/min" would silently mean "off" to the limiter, so it is refused: "off" says that plainly.
 */
export const LinkRateLimit = RateLimitSetting.transform((value) => value.replace(/\s+/g, "")).refine(
  (value) => {
    if (value === "off") return true;
    const count = Number(value.split("/")[0]);
    return count >= 1 && count <= MAX_RATE_COUNT;
  },
  {
    message: `must allow from 1 to ${MAX_RATE_COUNT.toLocaleString("en")} requests, or be "off"`,
    params: { code: "invalid_rate_limit" },
  },
);

/**
 * The hidden form input that only bots fill. A lead field's name would turn every real lead into spam,
 * so those are refused.
 */
export const HoneypotField = KeyName.refine((name) => !LEAD_KEYS.has(name), {
  message: "is a lead field: real leads send it, so every lead would be stored as spam",
  params: { code: "lead_field" },
});

/** "" (or only spaces) and null both mean "not set", in forms and the API alike; other values meet `schema`'s rules and messages. */
function clearable<S extends z.ZodType<unknown, string>>(schema: S) {
  return z
    .string()
    .nullable()
    .transform((value) => (value === null || value.trim() === "" ? null : value))
    .pipe(schema.nullable());
}

/** HTML form posts and captcha (DESIGN.md section 11); null clears a value. */
const FormAndCaptchaSettings = {
  acceptForms: z.boolean().optional(),
  /** null: the built-in thank-you page. */
  successUrl: clearable(RedirectUrl).optional(),
  /** null: the built-in page that lists what to fix. */
  errorUrl: clearable(RedirectUrl).optional(),
  /** null: no captcha. */
  captchaProvider: clearable(CaptchaProviderInput).optional(),
  captchaSecret: clearable(CaptchaSecret).optional(),
  /** The provider's public site key, for the hosted form's widget; required with a provider. */
  captchaSiteKey: clearable(CaptchaSiteKey).optional(),
  /** reCAPTCHA v3's lowest accepted score; null: 0.5. */
  captchaMinScore: CaptchaMinScore.nullable().optional(),
  /** The provider cannot be reached: accept and mark the lead (true) or answer 503 (false). */
  captchaAcceptOnOutage: z.boolean().optional(),
};

/** What an admin may change on an existing link; a key left out keeps its value. */
export const LinkSettings = z.object({
  allowedOrigins: AllowedOrigins.optional(),
  /** null: the server's INGEST_RATE_LIMIT. */
  rateLimit: clearable(LinkRateLimit).optional(),
  /** null: no honeypot. */
  honeypotField: clearable(HoneypotField).optional(),
  /** Refuse requests with none of name, email or telephone (422) instead of creating an unnamed lead. */
  requireIdentity: z.boolean().optional(),
  /** Refuse requests without consent.granted === true (422), DESIGN.md section 9. */
  requireConsent: z.boolean().optional(),
  ...FormAndCaptchaSettings,
});
export type LinkSettings = z.input<typeof LinkSettings>;

/** A new capture link, as the admin form and the CLI send it. No allowed origins: any origin may post. */
export const LinkInput = z.object({
  name: LinkName,
  allowedOrigins: AllowedOrigins.default([]),
  rateLimit: clearable(LinkRateLimit).optional(),
  honeypotField: clearable(HoneypotField).optional(),
  requireIdentity: z.boolean().default(false),
  requireConsent: z.boolean().default(false),
  ...FormAndCaptchaSettings,
  /** Where its leads come from (DESIGN.md section 15); fixed once the link exists. */
  source: z
    .enum(LINK_SOURCES)
    .default("json")
    .describe("Where the link's leads come from: section 3's JSON, or a platform's own requests (DESIGN.md section 15)."),
  /** Checked by the source's own schema (link-source-settings.ts), so each invalid part is named in the one 422. */
  sourceSettings: z
    .unknown()
    .optional()
    .describe(
      'The source\'s settings. google_ads: {"key"} (generated when left out); meta_lead_ads: {"appSecret", "pageAccessToken", "verifyToken"}; rd_station: {}; mapping: {"preset": "elementor"|"typeform"|"tally"|"jotform"|null, "expression", "signingSecret"|null} (a preset fills the expression). Secrets are masked when the link is read back.',
    ),
});
export type LinkInput = z.input<typeof LinkInput>;

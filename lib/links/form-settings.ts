import { z } from "zod";
import { AppError, type FieldIssue } from "@/lib/errors";
import { originAllowed } from "./allowed-origins";

/**
 * A link's HTML form and captcha settings (DESIGN.md section 11): their schemas, and the checks that need
 * more than one setting at a time (a redirect target within the allowed origins, a captcha with a secret and a site key).
 */

export const CAPTCHA_PROVIDERS = ["turnstile", "hcaptcha", "recaptcha"] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

/** reCAPTCHA v3's own suggestion when a link names no threshold. */
export const DEFAULT_MIN_SCORE = 0.5;

const MAX_URL = 2000;

/** Where a browser is sent after a form post: an absolute http(s) URL without credentials. */
export const RedirectUrl = z
  .string()
  .trim()
  .max(MAX_URL, `must be at most ${MAX_URL} characters`)
  .transform((value, ctx) => {
    const problem = redirectUrlProblem(value);
    if (!problem) return new URL(value).href;
    ctx.issues.push({ code: "custom", input: value, message: problem, params: { code: "invalid_redirect_url" } });
    return z.NEVER;
  });

function redirectUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be an absolute URL, like https://www.example.com/thanks";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "must use http or https";
  if (url.username || url.password) return "must not contain a user name or password";
  return undefined;
}

export const CaptchaProviderInput = z.enum(CAPTCHA_PROVIDERS, {
  error: `must be one of ${CAPTCHA_PROVIDERS.join(", ")}`,
});
export const CaptchaSecret = z.string().trim().min(1, "is required").max(500, "must be at most 500 characters");
/** The provider's public site key, which the hosted form renders the widget with; printable, no spaces or quotes. */
export const CaptchaSiteKey = z
  .string()
  .trim()
  .min(1, "is required")
  .max(200, "must be at most 200 characters")
  .refine((value) => /^[A-Za-z0-9_.:-]+$/.test(value), {
    message: "must be the provider's site key (letters, digits, - _ . :)",
    params: { code: "invalid_site_key" },
  });
export const CaptchaMinScore = z
  .number({ error: "must be a number from 0 to 1" })
  .min(0, "must be from 0 to 1")
  .max(1, "must be from 0 to 1");

/** The settings a redirect target and a captcha depend on, as stored or about to be. */
export interface FormSettings {
  allowedOrigins: string[];
  successUrl: string | null;
  errorUrl: string | null;
  captchaProvider: string | null;
  captchaSecret: string | null;
  captchaSiteKey: string | null;
}

/**
 * Whether a stored redirect URL may be used now: http(s), and within the link's allowed origins when it has
 * some. Checked again at redirect time, since the origins may have changed since the URL was saved.
 */
export function usableRedirect(url: string | null, allowedOrigins: readonly string[]): string | undefined {
  if (!url || redirectUrlProblem(url)) return undefined;
  return originAllowed(new URL(url).origin, allowedOrigins) ? url : undefined;
}

/** The checks across settings; AppError validation_failed naming each field. */
export function assertFormSettings(settings: FormSettings): void {
  const errors: FieldIssue[] = [];
  for (const field of ["successUrl", "errorUrl"] as const) {
    const url = settings[field];
    if (url && !usableRedirect(url, settings.allowedOrigins)) {
      errors.push({
        field,
        code: "origin_not_allowed",
        message: `must be on one of the link's allowed origins (${settings.allowedOrigins.join(", ")})`,
      });
    }
  }
  if (settings.captchaProvider && !settings.captchaSecret) {
    errors.push({ field: "captchaSecret", code: "required", message: "is required with a captcha provider" });
  }
  // The hosted form renders the provider's widget with it; without one no visitor could pass the captcha there.
  if (settings.captchaProvider && !settings.captchaSiteKey) {
    errors.push({ field: "captchaSiteKey", code: "required", message: "is required with a captcha provider" });
  }
  if (errors.length > 0) {
    const summary = errors.map((issue) => `${issue.field} ${issue.message}`).join("; ");
    throw new AppError("validation_failed", `Invalid capture link settings: ${summary}.`, { errors });
  }
}

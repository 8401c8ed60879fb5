import { env } from "@/lib/env";
import type { CaptchaProvider } from "@/lib/links/form-settings";

/** Each provider's documented verify endpoint; CAPTCHA_VERIFY_URL replaces them all (a local fake, in tests). */
const VERIFY_URLS: Record<CaptchaProvider, string> = {
  turnstile: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
  hcaptcha: "https://api.hcaptcha.com/siteverify",
  recaptcha: "https://www.google.com/recaptcha/api/siteverify",
};

export type CaptchaVerdict =
  | { kind: "passed"; score?: number }
  | { kind: "failed"; reason: string; score?: number }
  /** The provider could not give an answer: unreachable, too slow, or an answer that is not its JSON. */
  | { kind: "unavailable"; reason: string };

interface VerifyAnswer {
  success?: unknown;
  score?: unknown;
  "error-codes"?: unknown;
}

/**
 * Asks the provider whether `token` is a solved challenge: a form post of `secret`, `response` and `remoteip`,
 * as all three document, with a deadline (CAPTCHA_VERIFY_TIMEOUT_MS). reCAPTCHA v3 must also reach `minScore`.
 */
export async function verifyCaptcha(options: {
  provider: CaptchaProvider;
  secret: string;
  token: string;
  remoteIp: string | null;
  minScore: number;
}): Promise<CaptchaVerdict> {
  const { CAPTCHA_VERIFY_URL, CAPTCHA_VERIFY_TIMEOUT_MS } = env();
  const form = new URLSearchParams({ secret: options.secret, response: options.token });
  if (options.remoteIp) form.set("remoteip", options.remoteIp);
  let answer: VerifyAnswer;
  try {
    const response = await fetch(CAPTCHA_VERIFY_URL ?? VERIFY_URLS[options.provider], {
      method: "POST",
      body: form,
      redirect: "error",
      signal: AbortSignal.timeout(CAPTCHA_VERIFY_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      return { kind: "unavailable", reason: `the provider answered HTTP ${response.status}` };
    }
    answer = (await response.json()) as VerifyAnswer;
  } catch (error) {
    const name = (error as Error).name;
    // The provider's own text is not quoted: it ends up in problem+json and the log.
    const reason =
      name === "TimeoutError" || name === "AbortError"
        ? `no answer within ${CAPTCHA_VERIFY_TIMEOUT_MS} ms`
        : error instanceof SyntaxError
          ? "the provider answered something else than JSON"
          : "the provider could not be reached";
    return { kind: "unavailable", reason };
  }
  if (typeof answer !== "object" || answer === null || typeof answer.success !== "boolean") {
    return { kind: "unavailable", reason: "the provider's answer has no success field" };
  }
  const score = typeof answer.score === "number" ? answer.score : undefined;
  if (!answer.success) {
    const codes = Array.isArray(answer["error-codes"]) ? answer["error-codes"].map(String).join(", ").slice(0, 200) : "";
    return { kind: "failed", reason: `the provider refused the token${codes ? ` (${codes})` : ""}`, score };
  }
  if (options.provider === "recaptcha") {
    if (score === undefined) return { kind: "failed", reason: "the answer has no score: not a reCAPTCHA v3 token" };
    if (score < options.minScore) {
      return { kind: "failed", reason: `score ${score} is below this link's threshold ${options.minScore}`, score };
    }
  }
  return { kind: "passed", score };
}

import type { Database } from "@/lib/db/client";
import { AppError, type FieldIssue } from "@/lib/errors";
import type { CaptureLinkContext } from "@/lib/ingest/capture-context";
import { findIdempotentOutcome } from "@/lib/ingest/idempotency";
import type { SubmissionRecord } from "@/lib/leads/submission-record";
import { type CaptchaProvider, DEFAULT_MIN_SCORE } from "@/lib/links/form-settings";
import { log } from "@/lib/log";
import { verifyCaptcha } from "./verify-captcha";

const RETRY_AFTER_UNAVAILABLE = 10;

function failed(code: string, message: string): AppError {
  return new AppError("captcha_failed", `The captcha was not passed: ${message}. Nothing was stored.`, {
    errors: [{ field: "captcha", code, message }],
  });
}

/**
 * The link's captcha, checked before anything of the lead is written: no token or a refused one is 422
 * captcha_failed (the log files it under Spam); a provider that cannot answer is 503 captcha_unavailable,
 * or, when the link says so, an accepted lead with a captcha_unverified warning. A retry of an accepted
 * request (same Idempotency-Key and fields) is not checked again: its token was spent the first time.
 */
export async function checkCaptcha(
  database: Database,
  link: CaptureLinkContext,
  token: string | undefined,
  record: SubmissionRecord,
): Promise<FieldIssue[]> {
  if (!link.captchaProvider || !link.captchaSecret) return [];
  if (record.idempotencyKey && record.requestHash) {
    const replay = await findIdempotentOutcome(database.prisma, link.id, record.idempotencyKey, record.requestHash);
    if (replay) return [];
  }
  if (!token) throw failed("missing", "no captcha token was sent");
  const verdict = await verifyCaptcha({
    provider: link.captchaProvider as CaptchaProvider,
    secret: link.captchaSecret,
    token: token.slice(0, 4096),
    remoteIp: record.ip,
    minScore: link.captchaMinScore ?? DEFAULT_MIN_SCORE,
  });
  switch (verdict.kind) {
    case "passed":
      return [];
    case "failed":
      throw failed(verdict.score === undefined ? "refused" : "low_score", verdict.reason);
    case "unavailable":
      log.warn({ linkId: link.id, provider: link.captchaProvider, reason: verdict.reason }, "captcha provider unavailable");
      if (link.captchaAcceptOnOutage) {
        return [
          {
            field: "captcha",
            code: "captcha_unverified",
            message: `not verified: ${verdict.reason}; accepted because the link accepts leads while its captcha provider is down`,
          },
        ];
      }
      throw new AppError(
        "captcha_unavailable",
        `The captcha could not be verified (${verdict.reason}); nothing was stored. Retry in a few seconds.`,
        { retryAfter: RETRY_AFTER_UNAVAILABLE },
      );
  }
}

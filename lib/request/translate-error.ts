import { z } from "zod";
import type { ErrorCode } from "@/lib/error-codes";
import { AppError } from "@/lib/errors";
import { problemResponse } from "@/lib/http/problem";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { translateIssue } from "@/lib/i18n/word-field-issue";
import { toFieldIssues } from "@/lib/validation/parse-input";
import { getRequestLocale } from "./request-locale";
import { getServerTranslator } from "./server-translator";

type Translator = Awaited<ReturnType<typeof getServerTranslator<"formErrors">>>;

/**
 * The domain's errors speak English to the command line and the API (DESIGN.md section 10). An admin form
 * shows them in the user's language: in English, the domain's own sentences, which name the specifics (which
 * field owns a former label); in another language, the catalogue's, by the error's stable code and each
 * field's issue code (lib/validation/parse-input.ts) and, for zod's own checks, the zod issue it came from.
 * The catalogue holds both languages, so tests/unit/i18n-catalogues.test.ts checks every entry is translated.
 */
export async function translateAppError(
  error: AppError,
): Promise<{ message: string; fieldErrors: Record<string, string> | undefined }> {
  if ((await getRequestLocale()) === DEFAULT_LOCALE) {
    const fieldErrors = Object.fromEntries((error.errors ?? []).map((issue) => [issue.field, issue.message]));
    return { message: error.message, fieldErrors: Object.keys(fieldErrors).length ? fieldErrors : undefined };
  }
  const t = await getServerTranslator("formErrors");
  const zodIssues = error.cause instanceof z.ZodError ? error.cause.issues : [];
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.errors ?? []) {
    const zodIssue = zodIssues.find((candidate) => candidate.path.map(String).join(".") === issue.field);
    fieldErrors[issue.field] ??= translateIssue(t, issue, zodIssue);
  }
  const message =
    error.code === "validation_failed" && error.errors?.length
      ? t("invalid", { details: Object.values(fieldErrors).join("; ") })
      : translateCode(t, error);
  return { message, fieldErrors: Object.keys(fieldErrors).length ? fieldErrors : undefined };
}

/**
 * A zod error a page shows itself (the leads page's filter from its address), each issue worded as a form's:
 * the domain's English in English, the catalogue's in another language.
 */
export async function translateZodIssues(error: z.ZodError): Promise<{ field: string; message: string }[]> {
  const issues = toFieldIssues(error);
  if ((await getRequestLocale()) === DEFAULT_LOCALE) return issues;
  const t = await getServerTranslator("formErrors");
  return issues.map((issue, index) => ({ field: issue.field, message: translateIssue(t, issue, error.issues[index]) }));
}

/** What a form says when it shows each error next to its input. */
export async function checkFieldsMessage(): Promise<string> {
  return (await getServerTranslator("formErrors"))("checkFields");
}

/** What a form says when the action failed in a way nobody planned for (it was logged). */
export async function unexpectedErrorMessage(): Promise<string> {
  return (await getServerTranslator("formErrors"))("unexpected");
}

function translateCode(t: Translator, error: AppError): string {
  if (error.code === "too_many_attempts" || error.code === "rate_limited") {
    return t(`codes.${error.code}`, { minutes: Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60)) });
  }
  return t(`codes.${error.code satisfies ErrorCode}` as Parameters<Translator>[0]);
}

/**
 * A download's error (the CSV export, "Download personal data") as problem+json in the viewer's language:
 * `code`, `status`, `type` and each error's `field` stay as the contract has them; `detail` and the errors'
 * `message` are the admin forms' sentences, so a Portuguese user who opens the link reads Portuguese.
 */
export async function adminProblemResponse(error: AppError): Promise<Response> {
  const { message, fieldErrors } = await translateAppError(error);
  const translated = new AppError(error.code, message, {
    errors: error.errors?.map((issue) => ({ ...issue, message: fieldErrors?.[issue.field] ?? issue.message })),
    retryAfter: error.retryAfter,
  });
  return problemResponse(translated);
}

import { z } from "zod";
import type { ErrorCode } from "@/lib/error-codes";
import type { AppError, FieldIssue } from "@/lib/errors";
import { toFieldIssues } from "@/lib/validation/parse-input";
import { DEFAULT_LOCALE } from "./locales";
import { getRequestLocale } from "./request-locale";
import { getServerTranslator } from "./server-translator";

type Translator = Awaited<ReturnType<typeof getServerTranslator<"formErrors">>>;
type IssueKey = Parameters<Translator>[0] & `issues.${string}`;

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

/** Field-specific wording where one code means different things on different inputs. */
const BY_FIELD: Record<string, Partial<Record<string, IssueKey>>> = {
  email: { taken: "issues.emailTaken", not_found: "issues.emailNotFound", email_taken: "issues.emailHasAccount" },
  slug: { taken: "issues.slugTaken", invalid_format: "issues.slugRule", invalid_slug: "issues.slugRule" },
  workspaceName: { invalid_slug: "issues.slugRule" },
  name: { taken: "issues.nameTaken", invalid_format: "issues.keyRule" },
  alias: { taken: "issues.nameTaken", invalid_format: "issues.keyRule" },
  honeypotField: { invalid_format: "issues.keyRule" },
  repeatPassword: { mismatch: "issues.passwordMismatch" },
  currentPassword: { wrong_password: "issues.wrongPassword" },
  ownerId: { member_not_found: "issues.notAMember" },
  captchaMinScore: { too_big: "issues.score", too_small: "issues.score" },
  ids: { too_small: "issues.selectOne" },
};

/** Every other issue code a form can meet, zod's own and the ones schemas name with `params: { code }`. */
const BY_CODE: Record<string, IssueKey> = {
  required: "issues.required",
  invalid_type: "issues.invalidType",
  invalid_value: "issues.invalidValue",
  invalid_union: "issues.invalidValue",
  invalid_format: "issues.invalidFormat",
  invalid: "issues.invalidValue",
  unrecognized_keys: "issues.invalidValue",
  not_multiple_of: "issues.invalidValue",
  taken: "issues.taken",
  not_found: "issues.notFound",
  mismatch: "issues.passwordMismatch",
  wrong_password: "issues.wrongPassword",
  email_taken: "issues.emailHasAccount",
  member_not_found: "issues.notAMember",
  link_not_found: "issues.linkNotFound",
  invalid_email: "issues.invalidEmail",
  invalid_phone: "issues.invalidPhone",
  invalid_document: "issues.invalidDocument",
  invalid_instagram: "issues.invalidInstagram",
  invalid_characters: "issues.invalidCharacters",
  invalid_date: "issues.invalidDate",
  date_out_of_range: "issues.dateOutOfRange",
  date_range: "issues.dateRange",
  invalid_country: "issues.invalidCountry",
  invalid_slug: "issues.slugRule",
  invalid_time_zone: "issues.invalidTimeZone",
  invalid_origin: "issues.invalidOrigin",
  too_many_origins: "issues.tooManyOrigins",
  invalid_rate_limit: "issues.invalidRateLimit",
  lead_field: "issues.leadField",
  invalid_redirect_url: "issues.invalidRedirectUrl",
  origin_not_allowed: "issues.redirectOrigin",
  not_allowed: "issues.notAllowed",
  webhook_url_forbidden: "issues.webhookUrlForbidden",
};

function translateIssue(t: Translator, issue: FieldIssue, zodIssue: z.core.$ZodIssue | undefined): string {
  const field =
    issue.field
      .replace(/\.\d+$/, "")
      .split(".")
      .at(-1) ?? "";
  const named = BY_FIELD[field]?.[issue.code] ?? BY_FIELD[issue.field]?.[issue.code];
  if (named) return t(named);
  if (issue.code === "too_big" || issue.code === "too_long") return sizeIssue(t, "max", issue, zodIssue);
  if (issue.code === "too_small") return sizeIssue(t, "min", issue, zodIssue);
  if (issue.code === "invalid_format" && zodIssue?.code === "invalid_format") {
    if (zodIssue.format === "email") return t("issues.invalidEmail");
    if (zodIssue.format === "url") return t("issues.invalidUrl");
  }
  return t(BY_CODE[issue.code] ?? "issues.invalidValue");
}

/** "must be at most 100 characters", "must have at most 20 items", "must be at least 1". */
function sizeIssue(t: Translator, bound: "max" | "min", issue: FieldIssue, zodIssue: z.core.$ZodIssue | undefined) {
  const sized = zodIssue?.code === "too_big" || zodIssue?.code === "too_small" ? zodIssue : undefined;
  const limit = Number(
    (sized && (sized.code === "too_big" ? sized.maximum : sized.minimum)) ??
      issue.message.match(/\d[\d,]*/)?.[0].replace(/,/g, "") ??
      Number.NaN,
  );
  if (!Number.isFinite(limit)) return t("issues.invalidValue");
  const origin =
    sized?.origin ?? (/character/.test(issue.message) ? "string" : /\d+ \w+s\b/.test(issue.message) ? "array" : "number");
  if (origin === "string") return t(bound === "max" ? "issues.tooLong" : "issues.tooShort", { limit });
  if (origin === "array" || origin === "set") return t(bound === "max" ? "issues.tooMany" : "issues.tooFew", { limit });
  return t(bound === "max" ? "issues.tooBig" : "issues.tooSmall", { limit });
}

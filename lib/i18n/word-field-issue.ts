import type { z } from "zod";
import type { FieldIssue } from "@/lib/errors";
import type { Messages } from "./messages";

/**
 * A field issue in the catalogue's words (namespace formErrors), by its stable code: zod's codes with the
 * limit from the zod issue (or the domain's message when only that is left), and the codes the domain and
 * ingest name themselves. No server import: the request log's issue table words them in the browser too.
 */
export type Translator = (key: IssueKey, values?: Record<string, string | number>) => string;
type IssueKey = `issues.${keyof Messages["formErrors"]["issues"] & string}`;

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
  common_password: "issues.commonPassword",
  email_taken: "issues.emailHasAccount",
  member_not_found: "issues.notAMember",
  link_not_found: "issues.linkNotFound",
  invalid_email: "issues.invalidEmail",
  invalid_phone: "issues.invalidPhone",
  invalid_document: "issues.invalidDocument",
  invalid_instagram: "issues.invalidInstagram",
  invalid_characters: "issues.invalidCharacters",
  invalid_date: "issues.invalidDate",
  invalid_boolean: "issues.trueOrFalse",
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
  invalid_header_name: "issues.invalidHeaderName",
  reserved_header: "issues.reservedHeader",
  invalid_header_value: "issues.invalidHeaderValue",
  // What ingest answered a sender, shown in a link's request log.
  identity_required: "issues.identityRequired",
  consent_required: "issues.consentRequired",
  unknown_field: "issues.unknownField",
  unknown_custom_field: "issues.unknownCustomField",
  archived_custom_field: "issues.archivedCustomField",
  duplicate_custom_field: "issues.duplicateCustomField",
  file_ignored: "issues.fileIgnored",
  repeated_field: "issues.repeatedField",
  no_identity: "issues.noIdentity",
  invalid_number: "issues.invalidNumber",
  duplicate_key: "issues.duplicateKey",
  // The form settings document (lib/links/link-form-settings.ts).
  invalid_color: "issues.invalidColor",
  invalid_url: "issues.invalidUrl",
  duplicate_field: "issues.duplicateField",
  identity_field_missing: "issues.identityFieldMissing",
};

export function translateIssue(t: Translator, issue: FieldIssue, zodIssue: z.core.$ZodIssue | undefined): string {
  const field =
    issue.field
      .replace(/\.\d+$/, "")
      .split(".")
      .at(-1) ?? "";
  const named = BY_FIELD[field]?.[issue.code] ?? BY_FIELD[issue.field]?.[issue.code];
  if (named) return t(named);
  if (issue.code === "too_big" || issue.code === "too_long") return sizeIssue(t, "max", issue, zodIssue);
  const options = optionsOf(issue, zodIssue);
  if (options && /^(invalid_value|invalid_option|unknown_field)$/.test(issue.code)) return t("issues.oneOf", { options });
  if (issue.code === "invalid_type") {
    const expected = expectedType(issue.message);
    if (expected) return t(expected);
  }
  if (issue.code === "too_small") return sizeIssue(t, "min", issue, zodIssue);
  if (issue.code === "invalid_format" && zodIssue?.code === "invalid_format") {
    if (zodIssue.format === "email") return t("issues.invalidEmail");
    if (zodIssue.format === "url") return t("issues.invalidUrl");
  }
  return t(BY_CODE[issue.code] ?? "issues.invalidValue");
}

/**
 * The choices an "is not one of them" issue names, so no language loses them (DESIGN.md section 13): zod's
 * enum values, or the domain's English list ("must be one of: "Básico", "Premium"", "must be one of new, won").
 */
function optionsOf(issue: FieldIssue, zodIssue: z.core.$ZodIssue | undefined): string | undefined {
  if (zodIssue?.code === "invalid_value" && zodIssue.values.length) return zodIssue.values.map(String).join(", ");
  const listed = /must be one of:?\s+(.+)$/.exec(issue.message)?.[1];
  return listed?.trim() || undefined;
}

/** What a value of the wrong type should have been, from the domain's English ("must be a number, not text"). */
function expectedType(message: string): IssueKey | undefined {
  const expected = /^must be (.+?)(?:, not .*)?$/.exec(message)?.[1] ?? "";
  if (/YYYY-MM-DD|date/.test(expected)) return "issues.expectedDate";
  if (/boolean|true or false/.test(expected)) return "issues.expectedBoolean";
  if (/option/.test(expected)) return "issues.expectedOption";
  if (/\bnumber\b/.test(expected)) return "issues.expectedNumber";
  if (/\bstring\b|\btext\b/.test(expected)) return "issues.expectedText";
  return undefined;
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

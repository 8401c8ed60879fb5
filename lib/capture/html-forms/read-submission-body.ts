import { AppError, type FieldIssue } from "@/lib/errors";
import { assertAcceptableBody, BODY_LIMIT, parseJsonObject, type ReceivedBody } from "@/lib/http/read-body";
import { requestHash } from "@/lib/ingest/idempotency";
import type { SubmissionRecord } from "@/lib/leads/submission-record";
import { storableText } from "@/lib/normalise/text";
import { FORM_MEDIA_TYPES, parseFormBody } from "./parse-form-body";

/** Where a captcha's token arrives: each provider's form field, or `captchaToken` in a JSON body. */
export const CAPTCHA_TOKEN_KEYS = ["cf-turnstile-response", "h-captcha-response", "g-recaptcha-response", "captchaToken"];

export interface SubmissionBody {
  /** The lead's fields, as a JSON body carries them; captcha tokens taken out. */
  body: Record<string, unknown>;
  /** About the body itself: files ignored, keys repeated in a form. */
  warnings: FieldIssue[];
  /** The captcha token the request carried, if any. */
  captchaToken?: string;
}

export function isFormMediaType(mediaType: string): boolean {
  return FORM_MEDIA_TYPES.has(mediaType);
}

function takeCaptchaToken(body: Record<string, unknown>): { token?: string; found: boolean } {
  let token: string | undefined;
  let found = false;
  for (const key of CAPTCHA_TOKEN_KEYS) {
    if (!Object.hasOwn(body, key)) continue;
    found = true;
    const value = body[key];
    if (typeof value === "string" && value.trim() !== "" && token === undefined) token = value.trim();
    delete body[key];
  }
  return { token, found };
}

/**
 * The body of a capture request as the lead's fields, whatever its type: JSON (section 3), or, on a link that
 * accepts HTML form posts, urlencoded and multipart forms (section 11). A form is logged as the JSON object
 * it became (a multipart body's boundaries and files are no use in the log, and "Not spam" reads the log).
 * A captcha token is taken out of the fields; when one was sent, or the body was a form, the Idempotency-Key
 * hash is that of the fields alone, so a retry with a fresh token or another multipart boundary is a retry.
 */
export async function readSubmissionBody(
  received: ReceivedBody,
  contentType: string,
  acceptForms: boolean,
  record: SubmissionRecord,
): Promise<SubmissionBody> {
  let body: Record<string, unknown>;
  let warnings: FieldIssue[] = [];
  const form = acceptForms && isFormMediaType(received.mediaType);
  if (form) {
    if (received.tooLarge) throw new AppError("payload_too_large", `The body is larger than ${BODY_LIMIT / 1024} KiB.`);
    ({ body, warnings } = await parseFormBody(received.bytes, contentType));
    record.payload = storableText(JSON.stringify(body));
  } else {
    const json = received.mediaType === "application/json" || received.mediaType === "text/plain";
    if (!json && (acceptForms || isFormMediaType(received.mediaType))) throw unsupported(received.mediaType, acceptForms);
    assertAcceptableBody(received);
    body = parseJsonObject(received.text);
  }
  const { token, found } = takeCaptchaToken(body);
  if (form || found) record.requestHash = requestHash(JSON.stringify(body));
  return { body, warnings, captchaToken: token };
}

function unsupported(mediaType: string, acceptForms: boolean): AppError {
  const got = mediaType ? `"${mediaType.slice(0, 100)}"` : "no Content-Type";
  return new AppError(
    "unsupported_media_type",
    acceptForms
      ? `Send the lead as JSON (application/json) or as an HTML form (application/x-www-form-urlencoded or multipart/form-data); got ${got}.`
      : `Send the lead as JSON with Content-Type: application/json (text/plain with a JSON body is accepted too); got ${got}. HTML form posts are off for this link: turn on "Accept HTML form posts" in its settings.`,
  );
}

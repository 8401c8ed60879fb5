import { parseFormFields } from "@/lib/capture/html-forms/parse-form-body";
import { isFormMediaType } from "@/lib/capture/html-forms/read-submission-body";
import { AppError } from "@/lib/errors";
import { BODY_LIMIT, parseJsonObject, type ReceivedBody } from "@/lib/http/read-body";

/**
 * The request's body as the expression's input: a JSON object (Typeform, Tally, any JSON; also sent as
 * text/plain), or a form post (Elementor's urlencoded webhook, Jotform's multipart one) as the object its
 * bracketed names make. `logged` is what the link's log keeps: the raw JSON, or the form as JSON.
 */
export async function readMappingInput(
  received: ReceivedBody,
  contentType: string,
): Promise<{ input: Record<string, unknown>; logged?: string }> {
  if (received.tooLarge) throw new AppError("payload_too_large", `The body is larger than ${BODY_LIMIT / 1024} KiB.`);
  if (isFormMediaType(received.mediaType)) {
    const { body } = await parseFormFields(received.bytes, contentType);
    return { input: body, logged: JSON.stringify(body) };
  }
  if (received.mediaType !== "application/json" && received.mediaType !== "text/plain" && received.mediaType !== "") {
    throw new AppError(
      "unsupported_media_type",
      `Send JSON (application/json) or a form (application/x-www-form-urlencoded or multipart/form-data) to this link; got "${received.mediaType.slice(0, 100)}".`,
    );
  }
  return { input: parseJsonObject(received.text) };
}

/** A logged payload as the expression's input again (the "try" of the admin): JSON, as readMappingInput logs it. */
export function loggedInput(payload: string | null): Record<string, unknown> | undefined {
  if (!payload) return undefined;
  try {
    const value: unknown = JSON.parse(payload);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

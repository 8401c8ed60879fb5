import { assertAcceptableBody, parseJsonObject, type ReceivedBody } from "@/lib/http/read-body";

/** A platform's JSON body, with section 3's checks and codes (415, 413, invalid_json, body_not_object). */
export function readJsonBody(received: ReceivedBody): Record<string, unknown> {
  assertAcceptableBody(received);
  return parseJsonObject(received.text);
}

/** A platform's value as text: strings trimmed, numbers (Google's int64 ids) as written; anything else undefined. */
export function textOf(value: unknown): string | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

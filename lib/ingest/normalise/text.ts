import { absent, invalid, valid, type Normalised } from "./result";

export const MAX_TEXT = 500;
export const MAX_CUSTOM_TEXT = 10_000;

// PostgreSQL cannot store U+0000 in text or jsonb, and an unpaired surrogate cannot be encoded as UTF-8:
// either would fail at the database, so they are rejected up front with a clear error.
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasUnstorableCharacters(value: string): boolean {
  return UNSTORABLE.test(value);
}

/**
 * A free-text value: trimmed; null, undefined and "" mean "not sent".
 * Anything but a string (or null) is a wrong type.
 */
export function normaliseText(input: unknown, max = MAX_TEXT): Normalised<string> {
  if (input === null || input === undefined) return absent;
  if (typeof input !== "string") return invalid("invalid_type", `must be a string, not ${describeType(input)}`);
  return checkText(input, max);
}

/** The text rules for a value already known to be a string. */
export function checkText(input: string, max = MAX_TEXT): Normalised<string> {
  const value = input.trim();
  if (value === "") return absent;
  if (hasUnstorableCharacters(value)) {
    return invalid("invalid_characters", "must not contain NUL characters or unpaired surrogates");
  }
  if (value.length > max) return invalid("too_long", `must be at most ${max} characters (got ${value.length})`);
  return valid(value);
}

/** A value's JSON type, for error messages: "number", "object", "array", "boolean", "null". */
export function describeType(input: unknown): string {
  if (input === null) return "null";
  if (Array.isArray(input)) return "array";
  return typeof input;
}

import { absent, invalid, type Normalised, valid } from "./result";

export const MAX_TEXT = 500;
export const MAX_CUSTOM_TEXT = 10_000;

// PostgreSQL cannot store U+0000 in text or jsonb, and an unpaired surrogate cannot be encoded as UTF-8:
// either would fail at the database, so they are rejected up front with a clear error.
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 and lone surrogates are what PostgreSQL cannot store
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasUnstorableCharacters(value: string): boolean {
  return UNSTORABLE.test(value);
}

/** Length in characters (code points): an emoji counts once, not as its two UTF-16 units. */
export function characterLength(value: string): number {
  if (value.length <= 1) return value.length;
  let surrogatePairs = 0;
  for (let index = 0; index < value.length - 1; index++) {
    const code = value.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        surrogatePairs++;
        index++;
      }
    }
  }
  return value.length - surrogatePairs;
}

/**
 * A piece of request text safe to quote in a message that is stored as jsonb and sent back:
 * cut at `max` characters (never inside a surrogate pair), unpaired surrogates and NUL replaced.
 */
export function excerpt(value: string, max = 40): string {
  const characters = Array.from(value.length > max * 2 ? value.slice(0, max * 2) : value);
  const cut = characters.length > max ? `${characters.slice(0, max).join("")}…` : characters.join("");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is what PostgreSQL text cannot hold
  return cut.toWellFormed().replace(/\u0000/g, "\uFFFD");
}

/** Text as PostgreSQL can store it (a logged body, a receiver's answer): each U+0000 becomes U+FFFD. */
export function storableText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is what PostgreSQL text cannot hold
  return text.includes("\u0000") ? text.replace(/\u0000/g, "\uFFFD") : text;
}

/**
 * Text typed into a search or filter, as PostgreSQL can compare it: NUL dropped (text cannot hold it, and
 * no stored value contains it, so the search is the same without it) and unpaired surrogates replaced.
 */
export function queryableText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is what PostgreSQL text cannot hold
  return text.toWellFormed().replace(/\u0000/g, "");
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
  // Code points never outnumber UTF-16 units, so only long strings need counting.
  if (value.length > max) {
    const length = characterLength(value);
    if (length > max) return invalid("too_long", `must be at most ${max} characters (got ${length})`);
  }
  return valid(value);
}

/** A value's JSON type, for error messages: "number", "object", "array", "boolean", "null". */
export function describeType(input: unknown): string {
  if (input === null) return "null";
  if (Array.isArray(input)) return "array";
  return typeof input;
}

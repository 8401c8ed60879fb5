import { z } from "zod";
import { hasUnstorableCharacters } from "@/lib/normalise/text";
import { uuidSchema } from "@/lib/validation/uuid";
import { LEAD_SORTS, type LeadSort } from "./lead-filter";

/**
 * A position in the leads table: the sort keys of a row, and which way to read from it ("next" reads the
 * rows after it in the sort's order, "prev" the rows before). Opaque to the page (base64url JSON), so one
 * `after` parameter serves the Next and Previous links.
 */
export interface LeadCursor {
  sort: LeadSort;
  direction: "next" | "prev";
  /** newest/oldest: created_at; updated: updated_at (ISO strings). name: the folded name ("" when none). */
  key: string;
  /** name sort only: whether the row has no name (those come last). */
  unnamed?: boolean;
  id: string;
}

/** A folded name of 500 characters (ingest's limit) outside the BMP is 1,000 UTF-16 units. */
const MAX_KEY_LENGTH = 1000;
/**
 * The longest cursor such a key makes: each unit at most 6 bytes of JSON (an escaped control character), the
 * rest under 200, and base64 adds a third. A name of 500 emoji made a 2,700-character cursor, and a limit of
 * 2,000 turned the page after it into the first page.
 */
const MAX_CURSOR_LENGTH = Math.ceil(((MAX_KEY_LENGTH * 6 + 200) * 4) / 3);

const CursorJson = z.object({
  s: z.enum(LEAD_SORTS),
  d: z.enum(["n", "p"]),
  // A stored name never holds NUL: a key with one is tampered with, and PostgreSQL could not compare it.
  k: z
    .string()
    .max(MAX_KEY_LENGTH)
    .refine((key) => !hasUnstorableCharacters(key)),
  u: z.boolean().optional(),
  i: uuidSchema(),
});

export function encodeLeadCursor(cursor: LeadCursor): string {
  const json: z.input<typeof CursorJson> = {
    s: cursor.sort,
    d: cursor.direction === "next" ? "n" : "p",
    k: cursor.key,
    ...(cursor.unnamed !== undefined && { u: cursor.unnamed }),
    i: cursor.id,
  };
  return Buffer.from(JSON.stringify(json), "utf8").toString("base64url");
}

/** An ISO time as toISOString writes it, in a year PostgreSQL's timestamptz holds (not year 0, say). */
function isIsoTime(value: string): boolean {
  const time = new Date(value);
  return !Number.isNaN(time.getTime()) && time.toISOString() === value && time.getUTCFullYear() >= 1;
}

/**
 * The cursor in a URL for `sort`, or undefined when it is missing, tampered with, or belongs to another
 * sort (the first page is shown then, as for the request log's cursors).
 */
export function decodeLeadCursor(value: string | undefined | null, sort: LeadSort): LeadCursor | undefined {
  if (!value || value.length > MAX_CURSOR_LENGTH) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  const parsed = CursorJson.safeParse(json);
  if (!parsed.success || parsed.data.s !== sort) return undefined;
  const { d, k, u, i } = parsed.data;
  if (sort === "name" ? u === undefined : !isIsoTime(k)) return undefined;
  return { sort, direction: d === "n" ? "next" : "prev", key: k, ...(sort === "name" && { unnamed: u }), id: i };
}

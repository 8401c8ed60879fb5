import { z } from "zod";
import { getDatabase } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { queryableText } from "@/lib/normalise/text";
import { parseInput } from "@/lib/validation/parse-input";
import { uuidSchema } from "@/lib/validation/uuid";
import { loadFieldNames } from "./field-names";
import { type LeadFilter, leadMatchCondition, NOT_ERASED } from "./lead-filter";
import { type LeadJson, leadSelect, toLeadJson } from "./lead-json";
import { MAX_LEADS_PER_PAGE } from "./list-leads";

/** A year PostgreSQL's timestamptz holds (year 0 and 10000 are valid ISO 8601 but out of its range). */
function storableInstant(value: string): boolean {
  const year = new Date(value).getUTCFullYear();
  return year >= 1 && year <= 9999;
}

const Instant = z.iso
  .datetime({ offset: true, error: "must be an ISO 8601 date-time, e.g. 2026-11-24T12:00:00Z" })
  .refine(storableInstant, "must be a date-time between the years 1 and 9999");
// NUL dropped (PostgreSQL text cannot hold it): "a%00b" searches "ab", "%00" alone is empty.
const Text = z.string().overwrite(queryableText).trim().min(1, "must not be empty").max(200, "must be at most 200 characters");

/** The query string of `GET /api/v1/leads` (DESIGN.md section 8); also its OpenAPI parameters. */
export const ApiLeadListQuery = z.object({
  q: Text.optional().describe("Words that must all appear in the name, email, phone or document (case and accents ignored)."),
  captureLinkId: uuidSchema("must be a capture link id").optional().describe("Only leads created through this capture link."),
  utmSource: Text.optional().describe("Only leads whose first- or last-touch utm_source is this (case ignored)."),
  createdAfter: Instant.optional().describe("Only leads created after this instant (exclusive)."),
  createdBefore: Instant.optional().describe("Only leads created before this instant (exclusive)."),
  updatedAfter: Instant.optional().describe(
    "Only leads created or changed after this instant (exclusive). Pages are then ordered by updatedAt: a sync passes the largest updatedAt it has seen.",
  ),
  limit: z.coerce
    .number("must be a number")
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(MAX_LEADS_PER_PAGE, `must be at most ${MAX_LEADS_PER_PAGE}`)
    .default(100)
    .describe(`Leads per page, 1 to ${MAX_LEADS_PER_PAGE}.`),
  cursor: z.string().max(500, "is not a cursor of this API").optional().describe("`nextCursor` of the previous page."),
});
export type ApiLeadListQuery = z.input<typeof ApiLeadListQuery>;

export interface ApiLeadPage {
  data: LeadJson[];
  nextCursor: string | null;
}

/** created: oldest first by (createdAt, id); updated (with updatedAfter): least recently changed first by (updatedAt, id). */
type Order = "created" | "updated";

const CursorJson = z.object({ o: z.enum(["c", "u"]), t: z.iso.datetime().refine(storableInstant), i: uuidSchema() });

function encodeCursor(order: Order, at: Date, id: string): string {
  return Buffer.from(JSON.stringify({ o: order === "created" ? "c" : "u", t: at.toISOString(), i: id })).toString("base64url");
}

function decodeCursor(value: string, order: Order): { at: Date; id: string } {
  let parsed: z.infer<typeof CursorJson> | undefined;
  try {
    parsed = CursorJson.parse(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
  } catch {
    parsed = undefined;
  }
  const expected = order === "created" ? "c" : "u";
  if (!parsed || parsed.o !== expected) {
    throw new AppError("validation_failed", "The cursor is not a nextCursor of this list (with the same updatedAfter use).", {
      errors: [
        { field: "cursor", code: "invalid_cursor", message: "must be the nextCursor of a previous page of the same query" },
      ],
    });
  }
  return { at: new Date(parsed.t), id: parsed.i };
}

/**
 * The instant before which every lead row is settled: the start of the oldest transaction still running
 * on this database (or now). A lead's createdAt and updatedAt are its transaction's start time, and
 * transactions commit in any order, so a row with an earlier time can still appear after a page was read
 * past it; a page stops short of that instant, and the next request picks such rows up. Read in its own
 * statement, before the page's, so that a transaction that commits in between is seen by the page. At most a
 * minute back: a session left open in a transaction (or a long backup) must not hide new leads for longer;
 * every statement that writes a lead is a single short one. Rounded to milliseconds as the columns are
 * (timestamptz(3)), so that a running transaction's rounded time is never below a page's rows.
 */
async function settledBefore(): Promise<Date> {
  const { prisma } = await getDatabase();
  const rows = await prisma.$queryRaw<{ at: Date }[]>(Prisma.sql`
    SELECT LEAST(statement_timestamp(), GREATEST(statement_timestamp() - interval '1 minute', COALESCE((
      SELECT min(xact_start) FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'
        AND state <> 'idle' AND xact_start IS NOT NULL
    ), statement_timestamp())))::timestamptz(3) AS at`);
  return rows[0]?.at ?? new Date();
}

/**
 * One page of the workspace's leads for the management API, keyset-paginated in ascending order, so that
 * leads arriving while a client pages land after its cursor: no page skips or repeats a lead. With
 * `updatedAfter` the order is by updatedAt, so a lead changed during a sync moves behind the cursor and is
 * read again (it did change), never lost.
 */
export async function listApiLeads(workspaceId: string, input: ApiLeadListQuery): Promise<ApiLeadPage> {
  const query = parseInput(ApiLeadListQuery, input, "lead list query");
  const order: Order = query.updatedAfter ? "updated" : "created";
  const key = Prisma.raw(order === "created" ? "l.created_at" : "l.updated_at");
  const cursor = query.cursor ? decodeCursor(query.cursor, order) : undefined;

  const conditions: Prisma.Sql[] = [Prisma.sql`l.workspace_id = ${workspaceId}::uuid`, NOT_ERASED];
  if (query.createdAfter) conditions.push(Prisma.sql`l.created_at > ${new Date(query.createdAfter)}::timestamptz`);
  if (query.createdBefore) conditions.push(Prisma.sql`l.created_at < ${new Date(query.createdBefore)}::timestamptz`);
  if (query.updatedAfter) conditions.push(Prisma.sql`l.updated_at > ${new Date(query.updatedAfter)}::timestamptz`);
  if (cursor) conditions.push(Prisma.sql`(${key}, l.id) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`);
  const filter = { q: query.q, link: query.captureLinkId?.toLowerCase(), utm_source: query.utmSource, sort: "oldest" };
  const match = leadMatchCondition(filter as LeadFilter);
  if (match) conditions.push(match);
  conditions.push(Prisma.sql`${key} < ${await settledBefore()}::timestamptz`);

  const { prisma } = await getDatabase();
  const page = await prisma.$queryRaw<{ id: string; at: Date }[]>(Prisma.sql`
    -- Unnamed: its text varies with the filters (a /* leadlink:… */ name would make it one prepared statement).
    SELECT l.id, ${key} AS at FROM leads l
    WHERE ${Prisma.join(conditions, " AND ")}
    ORDER BY ${key} ASC, l.id ASC
    LIMIT ${query.limit + 1}`);
  const more = page.length > query.limit;
  const ids = page.slice(0, query.limit);
  const [rows, fieldNames] = await Promise.all([
    prisma.lead.findMany({ where: { workspaceId, id: { in: ids.map((row) => row.id) } }, select: leadSelect }),
    loadFieldNames(workspaceId),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const data = ids.flatMap((row) => {
    const lead = byId.get(row.id);
    return lead ? [toLeadJson(lead, fieldNames)] : [];
  });
  const last = ids.at(-1);
  return { data, nextCursor: more && last ? encodeCursor(order, last.at, last.id) : null };
}

import { z } from "zod";
import { Prisma } from "@/lib/db/generated/client";
import { queryableText } from "@/lib/normalise/text";
import { DEFAULT_TIME_ZONE } from "@/lib/time/time-zone";
import { uuidSchema } from "@/lib/validation/uuid";
import { LEAD_STATUSES } from "./lead-workflow-input";

export const LEAD_SORTS = ["newest", "oldest", "updated", "name"] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];

export const LEAD_SORT_LABELS: Record<LeadSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  updated: "Last activity first",
  name: "Name A→Z",
};

/** An empty form field ("?utm_source=") means "no filter", like a missing one. */
function blankAsMissing<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === "string" && queryableText(value).trim() === "" ? undefined : value),
    schema.optional(),
  );
}

const Day = z
  .string()
  .trim()
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      // Year 0000 is ISO 8601 but not a PostgreSQL date.
      return (
        /^\d{4}-\d{2}-\d{2}$/.test(value) &&
        !Number.isNaN(date.getTime()) &&
        date.toISOString().startsWith(value) &&
        date.getUTCFullYear() >= 1
      );
    },
    { message: "must be a calendar date as YYYY-MM-DD", params: { code: "invalid_date" } },
  );

// Dropped here, once, so that the page, the export, bulk actions and the API never hand PostgreSQL a NUL.
const FilterText = z.string().overwrite(queryableText).trim().max(200, "must be at most 200 characters");

/**
 * The leads table's filter, as the page's query string, the export's query string and the integration
 * tests spell it. `from` and `to` are days, both included, of the time zone the caller passes with it
 * (the viewer's in the admin; UTC by default).
 */
export const LeadFilter = z
  .object({
    q: blankAsMissing(FilterText),
    link: blankAsMissing(z.string().trim().pipe(uuidSchema("must be a capture link id"))),
    utm_source: blankAsMissing(FilterText),
    utm_medium: blankAsMissing(FilterText),
    utm_campaign: blankAsMissing(FilterText),
    from: blankAsMissing(Day),
    to: blankAsMissing(Day),
    // Workflow (DESIGN.md section 10): `owner` is a member's user id, or "none" for unassigned leads.
    status: blankAsMissing(z.enum(LEAD_STATUSES, `must be one of ${LEAD_STATUSES.join(", ")}`)),
    owner: blankAsMissing(
      z
        .string()
        .trim()
        .toLowerCase()
        .pipe(z.union([z.literal("none"), uuidSchema()], 'must be a member\'s user id or "none"')),
    ),
    tag: blankAsMissing(FilterText),
    sort: blankAsMissing(z.enum(LEAD_SORTS, `must be one of ${LEAD_SORTS.join(", ")}`)).transform((sort) => sort ?? "newest"),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, {
    message: "must not be before the start date",
    path: ["to"],
    params: { code: "date_range" },
  });
export type LeadFilterInput = z.input<typeof LeadFilter>;
export type LeadFilter = z.output<typeof LeadFilter>;

export const LEAD_FILTER_KEYS = [
  "q",
  "link",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "from",
  "to",
  "status",
  "owner",
  "tag",
  "sort",
] as const;

type SearchParamsLike = URLSearchParams | Record<string, string | string[] | undefined>;

/** The filter's fields from a URL's query (first value of each), unparsed. */
export function leadFilterParams(params: SearchParamsLike): Record<string, string | undefined> {
  const get = (key: string) => {
    if (params instanceof URLSearchParams) return params.get(key) ?? undefined;
    const value = params[key];
    return Array.isArray(value) ? value[0] : value;
  };
  return Object.fromEntries(LEAD_FILTER_KEYS.map((key) => [key, get(key)]));
}

/** The query string of a filter (default values left out), for links that keep it. */
export function leadFilterQuery(filter: LeadFilter, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const key of LEAD_FILTER_KEYS) {
    const value = filter[key];
    if (value !== undefined && !(key === "sort" && value === "newest")) params.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) params.set(key, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}

export function hasActiveFilter(filter: LeadFilter): boolean {
  return LEAD_FILTER_KEYS.some((key) => key !== "sort" && filter[key] !== undefined);
}

/**
 * A typed phone fragment ("+55 (11) 98765-43") is searched by its digits, as phones are stored; anything
 * else word by word (every word must appear somewhere in name, email, phone or document).
 */
export function searchTerms(q: string): string[] {
  const trimmed = q.trim();
  if (/^[\d\s()+.\-/]+$/.test(trimmed) && /\d/.test(trimmed)) return [trimmed.replace(/\D/g, "")];
  return trimmed.split(/\s+/).filter(Boolean).slice(0, 8);
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * An erased lead appears nowhere as a lead (DESIGN.md section 13). Erased leads are rare, so this is a
 * filter on the rows an index walk or a search reads, never what chooses the index.
 */
export const NOT_ERASED = Prisma.sql`l.erased_at IS NULL`;

/**
 * The part of a filter that the sort indexes serve: the workspace and the date range, and only leads
 * that are not erased. Always scoped to the workspace. The range runs from midnight of `from` to the
 * midnight after `to` in `timeZone`, which PostgreSQL works out (AT TIME ZONE, daylight saving included)
 * once per statement, so the created-at index still serves the range. The zone is a bound parameter,
 * validated by the caller (lib/time). `withErased`: the caller leaves erased leads out itself, where asking
 * each index entry for erased_at would read its row from the table: the tagged leads' indexes hold no
 * erased lead (erasure empties the tags); a count takes the erased leads' own count off.
 */
export function leadScopeCondition(
  workspaceId: string,
  filter: LeadFilter,
  timeZone = DEFAULT_TIME_ZONE,
  { withErased = false } = {},
): Prisma.Sql {
  const conditions: Prisma.Sql[] = [Prisma.sql`l.workspace_id = ${workspaceId}::uuid`];
  if (!withErased) conditions.push(NOT_ERASED);
  if (filter.from) conditions.push(Prisma.sql`l.created_at >= (${filter.from}::date::timestamp AT TIME ZONE ${timeZone}::text)`);
  if (filter.to) conditions.push(Prisma.sql`l.created_at < ((${filter.to}::date + 1)::timestamp AT TIME ZONE ${timeZone}::text)`);
  return Prisma.join(conditions, " AND ");
}

/** Longer search terms are looked up in leads_search_idx by their first this many characters. */
const INDEXED_PREFIX = 12;

/**
 * A search term as conditions: the folded text contains it. The trigram index is given at most its first
 * INDEXED_PREFIX characters and the whole term is checked on the rows it finds (strpos, which that index
 * does not serve): the index ANDs the posting lists of every trigram it is given, and a whole email has
 * 35 or so, most of them in a large share of the leads ("com", "@gm", digit triples). Measured at 1M leads:
 * a whole email read 7,056 buffers through the index, its first 12 characters 1,094 with the check. The
 * same leads match: folding maps character by character, so the folded prefix is a prefix of the folded term.
 */
function searchConditions(term: string): Prisma.Sql[] {
  const characters = Array.from(term);
  if (characters.length <= INDEXED_PREFIX) {
    return [Prisma.sql`l.search_text LIKE '%' || leadlink_fold(${escapeLike(term)}::text) || '%'`];
  }
  const prefix = characters.slice(0, INDEXED_PREFIX).join("");
  return [
    Prisma.sql`l.search_text LIKE '%' || leadlink_fold(${escapeLike(prefix)}::text) || '%'`,
    Prisma.sql`strpos(l.search_text, leadlink_fold(${term}::text)) > 0`,
  ];
}

/**
 * The part of a filter that leads_search_idx serves (migration 20261121030000): search words and the
 * equality filters, written as that index's expressions. Undefined when the filter has neither.
 * `onRows`: for a walk, which checks rows one by one rather than asking the indexes, the workflow filters
 * are written on the columns instead of leads_workflow_idx's tokens (the same leads; leads_workflow_facets
 * costs ~9 µs a row, measured on 10,000 tagged leads: 90 ms, against 22 ms for the tag looked up in the array).
 */
export function leadMatchCondition(filter: LeadFilter, onRows = false): Prisma.Sql | undefined {
  const conditions: Prisma.Sql[] = [];
  if (filter.q) {
    for (const term of searchTerms(filter.q)) conditions.push(...searchConditions(term));
  }
  const facets: string[] = [];
  if (filter.link) facets.push(`link:${filter.link.toLowerCase()}`);
  if (filter.utm_source) facets.push(`source:${filter.utm_source.toLowerCase()}`);
  if (filter.utm_medium) facets.push(`medium:${filter.utm_medium.toLowerCase()}`);
  if (filter.utm_campaign) facets.push(`campaign:${filter.utm_campaign.toLowerCase()}`);
  if (facets.length > 0) {
    conditions.push(Prisma.sql`leads_facets(l.capture_link_id, l.first_utm_source, l.first_utm_medium, l.first_utm_campaign,
      l.last_utm_source, l.last_utm_medium, l.last_utm_campaign) @> ${facets}::text[]`);
  }
  conditions.push(...(onRows ? leadWorkflowColumnConditions(filter) : leadWorkflowConditions(filter)));
  return conditions.length > 0 ? Prisma.join(conditions, " AND ") : undefined;
}

export interface LeadWorkflowScope {
  conditions: Prisma.Sql[];
  rest: LeadFilter;
  /**
   * With a tag: the conditions of the tagged leads whose entry is too large for the tagged indexes (migration
   * 20261124160000_tagged_walk_include), walked beside them (`conditions` then hold the others).
   */
  oversized?: Prisma.Sql[];
}

/** Whether the tagged indexes carry every column the filter's match reads (not the capture link's or UTM). */
export function leadMatchCoveredByTaggedIndexes(filter: LeadFilter): boolean {
  return !filter.link && !filter.utm_source && !filter.utm_medium && !filter.utm_campaign;
}

/** The tagged leads, and the bound on what their entries of the tagged indexes hold (see the migration). */
const TAGGED = Prisma.sql`l.tags <> '{}'`;
const TAGGED_ENTRY_BYTES = Prisma.sql`leads_walk_entry_bytes(l.name, l.search_text, l.tags)`;

/**
 * One workflow filter as conditions on the columns, for the sort indexes of the worked-on leads (migration
 * 20261124130000_lead_filter_indexes): walking the sort's order then reads only the leads of that status,
 * that owner, or with a tag, and the match keeps those that meet the rest. One, not all: given two, the
 * planner estimates their overlap as small, and collects and sorts all of it instead of walking (measured at
 * 1M leads: status=qualified + tag=vip read 26,800 buffers that way, 190 walking the status). A worked-on
 * status is the narrowest (15 % of leads across four values), then an owner, then any tag. Each comes with
 * the literal clause that proves the partial index applies (a bound value cannot). The common values
 * ("new", unassigned) have none: the workspace's sort index serves them. The "updated" sort has no such
 * indexes (a lead's updated_at changes with every activity; those indexes would churn), so none either.
 * `rest` is the filter without what the conditions already ensure: left in the match, the planner counts it
 * twice, expects a handful of rows, and sorts the whole walked window instead of stopping when the page is
 * full (status=won + utm_source=google at 1M leads: 4,170 buffers instead of 121).
 */
export function leadWorkflowScope(filter: LeadFilter): LeadWorkflowScope {
  if (filter.sort === "updated") return { conditions: [], rest: filter };
  if (filter.status && filter.status !== "new") {
    return {
      conditions: [Prisma.sql`l.status = ${filter.status}::lead_status`, Prisma.sql`l.status <> 'new'`],
      rest: { ...filter, status: undefined },
    };
  }
  if (filter.owner && filter.owner !== "none") {
    return {
      conditions: [Prisma.sql`l.owner_id = ${filter.owner}::uuid`, Prisma.sql`l.owner_id IS NOT NULL`],
      rest: { ...filter, owner: undefined },
    };
  }
  if (filter.tag) {
    return {
      conditions: [TAGGED, Prisma.sql`${TAGGED_ENTRY_BYTES} <= 2000`],
      rest: filter,
      oversized: [TAGGED, Prisma.sql`${TAGGED_ENTRY_BYTES} > 2000`],
    };
  }
  return { conditions: [], rest: filter };
}

/** Status, owner and tag, on the row's columns; a tag matches whatever its case, as its token does. */
function leadWorkflowColumnConditions(filter: LeadFilter): Prisma.Sql[] {
  const conditions: Prisma.Sql[] = [];
  if (filter.status === "new") conditions.push(Prisma.sql`l.status = 'new'`);
  else if (filter.status) conditions.push(Prisma.sql`l.status = ${filter.status}::lead_status`);
  if (filter.owner === "none") conditions.push(Prisma.sql`l.owner_id IS NULL`);
  else if (filter.owner) conditions.push(Prisma.sql`l.owner_id = ${filter.owner}::uuid`);
  if (filter.tag) {
    conditions.push(Prisma.sql`EXISTS (SELECT FROM unnest(l.tags) AS tag
      WHERE lower(tag) = lower(${filter.tag.trim().replace(/\s+/g, " ")}::text))`);
  }
  return conditions;
}

/**
 * Status, owner and tag. A worked-on value is a token of leads_workflow_idx (migration
 * 20261124090000_lead_workflow), next to a clause that proves the partial index applies; the common values
 * ("new", unassigned) are plain conditions, met within a few rows of walking a sort index.
 */
function leadWorkflowConditions(filter: LeadFilter): Prisma.Sql[] {
  const conditions: Prisma.Sql[] = [];
  const tokens: Prisma.Sql[] = [];
  if (filter.status === "new") conditions.push(Prisma.sql`l.status = 'new'`);
  else if (filter.status) {
    tokens.push(Prisma.sql`${`status:${filter.status}`}::text`);
    conditions.push(Prisma.sql`l.status <> 'new'`);
  }
  if (filter.owner === "none") conditions.push(Prisma.sql`l.owner_id IS NULL`);
  else if (filter.owner) {
    tokens.push(Prisma.sql`${`owner:${filter.owner}`}::text`);
    conditions.push(Prisma.sql`l.owner_id IS NOT NULL`);
  }
  if (filter.tag) {
    // Lower-cased by PostgreSQL, as the index's tokens are.
    tokens.push(Prisma.sql`'tag:' || lower(${filter.tag.trim().replace(/\s+/g, " ")}::text)`);
    conditions.push(Prisma.sql`l.tags <> '{}'`);
  }
  if (tokens.length > 0) {
    conditions.push(Prisma.sql`leads_workflow_facets(l.status, l.owner_id, l.tags) @> ARRAY[${Prisma.join(tokens)}]`);
  }
  return conditions;
}

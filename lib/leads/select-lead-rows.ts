import { Prisma } from "@/lib/db/generated/client";
import { getReadDatabase } from "@/lib/db/replica";
import type { LeadCursor } from "./lead-cursor";
import {
  type LeadFilter,
  leadMatchCondition,
  leadMatchCoveredByTaggedIndexes,
  leadScopeCondition,
  leadWorkflowScope,
} from "./lead-filter";
import { LEAD_SORT_KEYS, leadCursorCondition, leadOrder, leadOrderOfKeys } from "./lead-order";

/** How many rows, in the sort's order, the first attempt looks through for matches. */
const WINDOW = 5_000;
/**
 * The same through the worked-on leads' indexes, whose rows lie scattered over the table (each one a page
 * read, where the workspace's leads in date order share pages): a walk that does not fill the page should
 * cost no more than collecting the matches would.
 */
const WORKFLOW_WINDOW = 2_000;
/**
 * The same through the tagged leads' indexes with a search, when they hold every column the match reads
 * (migration 20261124160000_tagged_walk_include): an entry costs no table read, so the walk can look further
 * ("silva" + tag=vip at 1M leads: 1 tagged lead in 110 matches, 5,779 entries for a page, 347 buffers). It
 * still costs ~3 µs of CPU an entry, so a tag alone (whose page fills within a few hundred entries, or
 * whose leads are few and better collected) keeps WORKFLOW_WINDOW.
 */
const TAGGED_WINDOW = 10_000;

export interface LeadRowsQuery {
  /** The select list, over `leads l` (and the joins). */
  columns: Prisma.Sql;
  workspaceId: string;
  filter: LeadFilter;
  /** The zone of the filter's days (a validated IANA name); UTC when absent. */
  timeZone?: string;
  cursor?: LeadCursor;
  limit: number;
}

/**
 * The first `limit` leads matching the filter after the cursor, in the sort's order (reversed when the
 * cursor reads backwards). Searching and filtering a million leads has two good plans and the planner
 * cannot tell them apart, because it cannot know how many leads a search word matches:
 * - a common word or value ("silva", utm_source=google): walk the sort's index and keep the matching rows,
 *   which finds a page within a few hundred rows, where collecting every match first would read thousands;
 * - a rare one, or one that matches nothing: collect the matches from leads_search_idx and sort them,
 *   where walking the index would read the whole workspace.
 * So the walk is tried first over a bounded window of rows; only when that window does not fill the page
 * are the matches collected through the search index (both bounded, whatever the data).
 */
export async function selectLeadRows<T>(query: LeadRowsQuery, runner?: LeadRowsRunner<T>): Promise<T[]> {
  const { columns, workspaceId, filter, timeZone, cursor, limit } = query;
  const run = runner ?? (await prismaRunner<T>());
  const backward = cursor?.direction === "prev";
  const order = leadOrder(filter.sort, backward);
  const range = leadScopeCondition(workspaceId, filter, timeZone);
  const after = cursor ? leadCursorCondition(cursor) : undefined;
  const match = leadMatchCondition(filter);
  if (!match) {
    const scope = Prisma.join([range, ...(after ? [after] : [])], " AND ");
    return run.rows(Prisma.sql`SELECT ${columns} FROM leads l WHERE ${scope} ORDER BY ${order} LIMIT ${limit}`);
  }
  // With a status, owner or tag filter, the walk reads the sort index of the leads that have it.
  const workflow = leadWorkflowScope(filter);
  const walkMatch = leadMatchCondition(workflow.rest, true);

  // With a date range, a sort other than by date would walk far to collect its window of rows in range;
  // the range's rows are found directly instead (they sit together in the table, which grows in time order).
  const walkable = filter.sort === "newest" || filter.sort === "oldest" || (!filter.from && !filter.to);
  if (walkable) {
    // The subquery's LIMIT keeps the match out of the index walk: at most WINDOW rows are looked at, fewer
    // when the page fills first. Walking a status's, an owner's or the tagged leads' index, bitmap scans are off: the planner sees a
    // few thousand rows to order and would collect and sort them all (26,800 buffers for status=qualified
    // + tag=vip at 1M leads), not knowing that the page fills after a few hundred in order.
    const keys = LEAD_SORT_KEYS[filter.sort];
    const keyOrder = leadOrderOfKeys(filter.sort, backward);
    const taggedRange = leadScopeCondition(workspaceId, filter, timeZone, { withErased: true });
    const part = (conditions: Prisma.Sql[], window: number, scopeRange = range) => {
      const scope = Prisma.join([scopeRange, ...conditions, ...(after ? [after] : [])], " AND ");
      return Prisma.sql`SELECT l.*, ${keys} FROM leads l WHERE ${scope} ORDER BY ${order} LIMIT ${window}`;
    };
    const matching = walkMatch ? Prisma.sql`WHERE ${walkMatch}` : Prisma.empty;
    let walked: T[];
    if (workflow.oversized) {
      // The tagged leads: the first entries of the tagged index merged with the (few, if any) leads too large
      // for it, a window of them in order; the match is checked on the entries (an index-only scan, when the
      // index holds every column it reads), and only the page's rows are read from the table, by id.
      const window = filter.q && leadMatchCoveredByTaggedIndexes(filter) ? TAGGED_WINDOW : WORKFLOW_WINDOW;
      walked = await run.rowsWalkingIndex(Prisma.sql`
        SELECT ${columns}
        FROM (
          SELECT l.id, l.sort_1, l.sort_2, l.sort_3
          FROM (
            SELECT * FROM ((${part(workflow.conditions, window, taggedRange)}) UNION ALL (${part(workflow.oversized, window, taggedRange)})) l
            ORDER BY ${keyOrder} LIMIT ${window}
          ) l
          ${matching}
          ORDER BY ${keyOrder} LIMIT ${limit}
        ) w
        JOIN leads l ON l.id = w.id
        ORDER BY ${leadOrderOfKeys(filter.sort, backward, "w")}`);
    } else {
      const [walkRows, window] = workflow.conditions.length > 0 ? [run.rowsWalkingIndex, WORKFLOW_WINDOW] : [run.rows, WINDOW];
      walked = await walkRows(Prisma.sql`
        SELECT ${columns}
        FROM (${part(workflow.conditions, window)}) l
        ${matching}
        ORDER BY ${keyOrder}
        LIMIT ${limit}`);
    }
    if (walked.length >= limit) return walked;
  }

  // The cursor is kept out of the collecting subquery (OFFSET 0 keeps the planner from pushing it in):
  // given it, the planner turned the cursor's row comparison into a bitmap scan of the sort index over
  // every lead on the cursor's far side (measured at 1M leads: 61,000 buffers, 0.5–1.3 s, five pages deep).
  const collected = Prisma.join([range, match], " AND ");
  return run.rowsFromSearchIndex(Prisma.sql`
    SELECT ${columns}
    FROM (SELECT l.* FROM leads l WHERE ${collected} OFFSET 0) l
    ${after ? Prisma.sql`WHERE ${after}` : Prisma.empty}
    ORDER BY ${order} LIMIT ${limit}`);
}

/** How selectLeadRows runs its statements: through Prisma (objects), or the driver (see export-leads.ts). */
export interface LeadRowsRunner<T> {
  rows(sql: Prisma.Sql): Promise<T[]>;
  /** Runs the statement with plain index scans off, so that its matches come from leads_search_idx. */
  rowsFromSearchIndex(sql: Prisma.Sql): Promise<T[]>;
  /** Runs the statement with bitmap scans and sorts off, so that it walks an index in its order. */
  rowsWalkingIndex(sql: Prisma.Sql): Promise<T[]>;
}

/** The settings rowsFromSearchIndex runs with (exported for the tests that check its plans). */
export const COLLECT = ["SET LOCAL enable_indexscan = off"];
// Sorts off too: the match's estimate (a tag token has no statistics) can be so low that the planner sorts
// the whole walked window rather than stop when the page is full; the walk's order is the index's.
/** The settings rowsWalkingIndex runs with (exported for the tests that check its plans). */
export const WALK = ["SET LOCAL enable_bitmapscan = off", "SET LOCAL enable_sort = off"];

async function prismaRunner<T>(): Promise<LeadRowsRunner<T>> {
  // A heavy read: the replica when there is one (lib/db/replica.ts).
  const { prisma } = await getReadDatabase();
  const withSetting = (settings: string[]) => (sql: Prisma.Sql) =>
    prisma.$transaction(async (tx) => {
      for (const setting of settings) await tx.$executeRawUnsafe(setting);
      return tx.$queryRaw<T[]>(sql);
    });
  return {
    rows: (sql) => prisma.$queryRaw<T[]>(sql),
    rowsFromSearchIndex: withSetting(COLLECT),
    rowsWalkingIndex: withSetting(WALK),
  };
}

/**
 * Rows as arrays straight from the driver: for the export, which reads every lead of a workspace and
 * turns each row into CSV at once. Prisma's raw queries build several copies of each row on the way, and
 * at a million rows that garbage is what drives the server's memory up (measured: peak RSS 440 MB through
 * Prisma while streaming 1M leads).
 */
export async function driverArrayRunner(): Promise<LeadRowsRunner<unknown[]>> {
  const database = await getReadDatabase();
  const withSetting = (settings: string[]) => (sql: Prisma.Sql) =>
    database.transaction(async (tx) => {
      await tx.exec(settings.join("; "));
      return tx.sql<unknown[]>(sql, { rowMode: "array" });
    });
  return {
    rows: (sql) => database.sql<unknown[]>(sql, { rowMode: "array" }),
    rowsFromSearchIndex: withSetting(COLLECT),
    rowsWalkingIndex: withSetting(WALK),
  };
}

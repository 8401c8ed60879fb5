import { getDatabase } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import type { LeadCursor } from "./lead-cursor";
import { type LeadFilter, leadMatchCondition, leadScopeCondition } from "./lead-filter";
import { LEAD_SORT_KEYS, leadCursorCondition, leadOrder, leadOrderOfKeys } from "./lead-order";

/** How many rows, in the sort's order, the first attempt looks through for matches. */
const WINDOW = 5_000;

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
  const scope = Prisma.join(
    [leadScopeCondition(workspaceId, filter, timeZone), ...(cursor ? [leadCursorCondition(cursor)] : [])],
    " AND ",
  );
  const match = leadMatchCondition(filter);
  if (!match) {
    return run.rows(Prisma.sql`SELECT ${columns} FROM leads l WHERE ${scope} ORDER BY ${order} LIMIT ${limit}`);
  }

  // With a date range, a sort other than by date would walk far to collect its window of rows in range;
  // the range's rows are found directly instead (they sit together in the table, which grows in time order).
  const walkable = filter.sort === "newest" || filter.sort === "oldest" || (!filter.from && !filter.to);
  if (walkable) {
    // The subquery's LIMIT keeps the match out of the index walk: at most WINDOW rows are looked at, fewer
    // when the page fills first.
    const walked = await run.rows(Prisma.sql`
      SELECT ${columns}
      FROM (SELECT l.*, ${LEAD_SORT_KEYS[filter.sort]} FROM leads l WHERE ${scope} ORDER BY ${order} LIMIT ${WINDOW}) l
      WHERE ${match}
      ORDER BY ${leadOrderOfKeys(filter.sort, backward)}
      LIMIT ${limit}`);
    if (walked.length >= limit) return walked;
  }

  return run.rowsFromSearchIndex(
    Prisma.sql`SELECT ${columns} FROM leads l WHERE ${scope} AND ${match} ORDER BY ${order} LIMIT ${limit}`,
  );
}

/** How selectLeadRows runs its statements: through Prisma (objects), or the driver (see export-leads.ts). */
export interface LeadRowsRunner<T> {
  rows(sql: Prisma.Sql): Promise<T[]>;
  /** Runs the statement with plain index scans off, so that its matches come from leads_search_idx. */
  rowsFromSearchIndex(sql: Prisma.Sql): Promise<T[]>;
}

async function prismaRunner<T>(): Promise<LeadRowsRunner<T>> {
  const { prisma } = await getDatabase();
  return {
    rows: (sql) => prisma.$queryRaw<T[]>(sql),
    rowsFromSearchIndex: (sql) =>
      prisma.$transaction(async (tx) => {
        await tx.$executeRaw`SET LOCAL enable_indexscan = off`;
        return tx.$queryRaw<T[]>(sql);
      }),
  };
}

/**
 * Rows as arrays straight from the driver: for the export, which reads every lead of a workspace and
 * turns each row into CSV at once. Prisma's raw queries build several copies of each row on the way, and
 * at a million rows that garbage is what drives the server's memory up (measured: peak RSS 440 MB through
 * Prisma while streaming 1M leads).
 */
export async function driverArrayRunner(): Promise<LeadRowsRunner<unknown[]>> {
  const database = await getDatabase();
  return {
    rows: (sql) => database.sql<unknown[]>(sql, { rowMode: "array" }),
    rowsFromSearchIndex: (sql) =>
      database.transaction(async (tx) => {
        await tx.exec("SET LOCAL enable_indexscan = off");
        return tx.sql<unknown[]>(sql, { rowMode: "array" });
      }),
  };
}

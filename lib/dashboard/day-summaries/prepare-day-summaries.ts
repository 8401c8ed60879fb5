import { getDatabase } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { utcDay } from "@/lib/time/utc-day";
import type { DashboardPeriod } from "../dashboard-period";
import { buildDaysSql, closedDaysSql, type DayRange, deleteBuildsSql } from "./build-days-sql";

const DAY_MS = 86_400_000;
/**
 * Days built by one statement at most: a week of a million-leads-a-year workspace is ~20,000 leads, well
 * within a statement's time limit (lib/db/pg-database.ts) on a loaded machine, and a reader waiting on
 * another's build of the same days waits for one such statement, not for a cold build of the whole period.
 */
const DAYS_PER_BUILD = 7;

/** How a period is read: its closed days from their summaries, the days after them live from the leads. */
export interface PeriodSplit {
  /** The last day read from summaries (YYYY-MM-DD); null when no day of the period is closed yet. */
  summarisedThrough: string | null;
}

function nextDay(day: string): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS));
}

/** Consecutive runs of `days` (sorted), each cut to at most `size` days, as [from, to] pairs. */
export function dayRuns(days: readonly string[], size = DAYS_PER_BUILD): [from: string, to: string][] {
  const runs: [string, string][] = [];
  let length = 0;
  for (const day of days) {
    const last = runs.at(-1);
    if (last && length < size && nextDay(last[1]) === day) {
      last[1] = day;
      length += 1;
    } else {
      runs.push([day, day]);
      length = 1;
    }
  }
  return runs;
}

/** A transaction-scoped lock per workspace and zone: one builder of its days at a time (poolers allow it). */
function lockSql(workspaceId: string, timeZone: string) {
  return Prisma.sql`SELECT pg_advisory_xact_lock(hashtextextended(${`lead-day-summaries/${workspaceId}/${timeZone}`}::text, 0))`;
}

interface DayState {
  day: string;
  stale: boolean;
}

/**
 * Builds the summaries the period's closed days lack and rebuilds the stale ones, on the primary, and tells
 * the reader up to which day it may read them. Each run of at most a week of days is (re)built in its own
 * transaction under the workspace's and zone's lock, after checking again what still needs building there
 * (a concurrent reader may just have built it): concurrent readers wait for each other instead of failing.
 */
export async function prepareDaySummaries(workspaceId: string, period: DashboardPeriod): Promise<PeriodSplit> {
  const database = await getDatabase();
  const range: DayRange = { workspaceId, timeZone: period.timeZone, from: period.from, to: period.to };
  const days = await database.sql<DayState>(closedDaysSql(range));
  const summarisedThrough = days.at(-1)?.day ?? null;
  const stale = days.filter((state) => state.stale).map((state) => state.day);
  for (const [from, to] of dayRuns(stale)) {
    await database.transaction(async (tx) => {
      await tx.sql(lockSql(workspaceId, period.timeZone));
      const again = await tx.sql<DayState>(closedDaysSql({ ...range, from, to }));
      const still = again.filter((state) => state.stale).map((state) => state.day);
      for (const [runFrom, runTo] of dayRuns(still)) {
        const run = { ...range, from: runFrom, to: runTo };
        await tx.sql(deleteBuildsSql(run));
        await tx.sql(buildDaysSql(run));
      }
    });
  }
  return { summarisedThrough };
}

/**
 * The conditions a reader puts on the summaries (alias `s`) and on the live leads (alias `l`) of the period:
 * summaries of its days up to `summarisedThrough`, leads created from the next day's midnight (or the
 * period's, when none is summarised) up to the period's end.
 */
export function periodParts(workspaceId: string, period: DashboardPeriod, split: PeriodSplit) {
  const zone = Prisma.sql`${period.timeZone}::text`;
  const through = split.summarisedThrough;
  const summaries = through
    ? Prisma.sql`s.workspace_id = ${workspaceId}::uuid AND s.time_zone = ${zone}
        AND s.day >= ${period.from}::date AND s.day <= ${through}::date`
    : Prisma.sql`false`;
  const liveFrom = through
    ? Prisma.sql`((${through}::date + 1)::timestamp AT TIME ZONE ${zone})`
    : Prisma.sql`(${period.from}::date::timestamp AT TIME ZONE ${zone})`;
  const live = Prisma.sql`l.workspace_id = ${workspaceId}::uuid AND l.created_at >= ${liveFrom}
    AND l.created_at < ((${period.to}::date + 1)::timestamp AT TIME ZONE ${zone})`;
  return { summaries, live };
}

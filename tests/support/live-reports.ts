// The campaign report's and the dashboard's queries as they were before day summaries (main at 6cdf014): every
// lead of the period read live. The day-summaries tests hold today's functions to them, figure for figure.
import type { DashboardPeriod } from "@/lib/dashboard/dashboard-period";
import { periodBounds } from "@/lib/dashboard/period-bounds";
import type { Database } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";

type Touch = "first" | "last";
type GroupBy = "source" | "medium" | "campaign";

export interface LiveReportRow {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  total: boolean;
  leads: number;
  contacted: number;
  qualified: number;
  won: number;
  lost: number;
  median: number | null;
}

export function liveReport(
  database: Database,
  workspaceId: string,
  period: DashboardPeriod,
  groupBy: GroupBy,
  touch: Touch,
  linkId?: string,
) {
  const { start, end } = periodBounds(period);
  const column = (name: "source" | "medium" | "campaign") => Prisma.raw(`l.${touch}_utm_${name}`);
  const key = {
    source: column("source"),
    medium: groupBy === "source" ? Prisma.sql`NULL::text` : column("medium"),
    campaign: groupBy === "campaign" ? column("campaign") : Prisma.sql`NULL::text`,
  };
  return database.prisma.$queryRaw<LiveReportRow[]>(Prisma.sql`
    SELECT source, medium, campaign, grouping(source, medium, campaign) <> 0 AS total,
      count(*)::int AS leads,
      count(*) FILTER (WHERE status <> 'new')::int AS contacted,
      count(*) FILTER (WHERE status IN ('qualified', 'won'))::int AS qualified,
      count(*) FILTER (WHERE status = 'won')::int AS won,
      count(*) FILTER (WHERE status = 'lost')::int AS lost,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY response_minutes) AS median
    FROM (
      SELECT ${key.source} AS source, ${key.medium} AS medium, ${key.campaign} AS campaign, l.status,
        extract(epoch FROM l.first_response_at - l.created_at) / 60 AS response_minutes
      FROM leads l
      WHERE l.workspace_id = ${workspaceId}::uuid AND l.created_at >= ${start} AND l.created_at < ${end}
        AND l.erased_at IS NULL ${linkId ? Prisma.sql`AND l.capture_link_id = ${linkId}::uuid` : Prisma.empty}
    ) period_leads
    GROUP BY GROUPING SETS ((source, medium, campaign), ())
    ORDER BY total DESC, leads DESC, source NULLS LAST, medium NULLS LAST, campaign NULLS LAST`);
}

export interface LiveBreakdownRow {
  kind: "day" | "source" | "sources" | "link" | "links";
  key: string | null;
  n: number;
}

export function liveBreakdown(database: Database, workspaceId: string, period: DashboardPeriod) {
  const { start, end } = periodBounds(period);
  const group = Prisma.sql`(l.created_at AT TIME ZONE ${period.timeZone}::text)::date AS day, l.first_utm_source AS source, l.capture_link_id AS link`;
  const inPeriod = Prisma.sql`l.workspace_id = ${workspaceId}::uuid AND l.created_at >= ${start} AND l.created_at < ${end}`;
  return database.prisma.$queryRaw<LiveBreakdownRow[]>(Prisma.sql`
    WITH g AS MATERIALIZED (
      SELECT day, source, link, sum(n) AS n
      FROM (
        (SELECT ${group}, count(*) AS n FROM leads l WHERE ${inPeriod} GROUP BY 1, 2, 3)
        UNION ALL
        (SELECT ${group}, -count(*) AS n FROM leads l WHERE ${inPeriod} AND l.erased_at IS NOT NULL GROUP BY 1, 2, 3)
      ) counted
      GROUP BY 1, 2, 3
      HAVING sum(n) > 0
    ),
    by_source AS (SELECT lower(source) AS source, sum(n) AS n FROM g GROUP BY 1),
    by_link AS (SELECT link, sum(n) AS n FROM g GROUP BY 1)
    SELECT 'day' AS kind, day::text AS key, sum(n)::int AS n FROM g GROUP BY day
    UNION ALL (SELECT 'source', source, n::int FROM by_source ORDER BY n DESC, source NULLS LAST LIMIT 8)
    UNION ALL SELECT 'sources', NULL, count(*)::int FROM by_source
    UNION ALL (SELECT 'link', link::text, n::int FROM by_link ORDER BY n DESC, link NULLS LAST LIMIT 8)
    UNION ALL SELECT 'links', NULL, count(*)::int FROM by_link`);
}

export interface LiveSpeedRow {
  grouping: number;
  owner_id: string | null;
  capture_link_id: string | null;
  leads: number;
  answered: number;
  median: number | null;
  p95: number | null;
  within5: number;
  within15: number;
  within60: number;
  over60: number;
  not_yet: number;
  new: number;
  contacted: number;
  qualified: number;
  won: number;
  lost: number;
}

export function liveSpeed(database: Database, workspaceId: string, period: DashboardPeriod) {
  const { start, end } = periodBounds(period);
  return database.prisma.$queryRaw<LiveSpeedRow[]>(Prisma.sql`
    SELECT grouping(owner_id, capture_link_id)::int AS grouping, owner_id::text, capture_link_id::text,
      count(*)::int AS leads, count(m)::int AS answered,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY m) AS median,
      percentile_cont(0.95) WITHIN GROUP (ORDER BY m) AS p95,
      count(*) FILTER (WHERE m <= 5)::int AS within5,
      count(*) FILTER (WHERE m > 5 AND m <= 15)::int AS within15,
      count(*) FILTER (WHERE m > 15 AND m <= 60)::int AS within60,
      count(*) FILTER (WHERE m > 60)::int AS over60,
      count(*) FILTER (WHERE m IS NULL)::int AS not_yet,
      count(*) FILTER (WHERE status = 'new')::int AS new,
      count(*) FILTER (WHERE status = 'contacted')::int AS contacted,
      count(*) FILTER (WHERE status = 'qualified')::int AS qualified,
      count(*) FILTER (WHERE status = 'won')::int AS won,
      count(*) FILTER (WHERE status = 'lost')::int AS lost
    FROM (
      SELECT l.owner_id, l.capture_link_id, l.status, extract(epoch FROM l.first_response_at - l.created_at) / 60 AS m
      FROM leads l
      WHERE l.workspace_id = ${workspaceId}::uuid AND l.created_at >= ${start} AND l.created_at < ${end} AND l.erased_at IS NULL
    ) period_leads
    GROUP BY GROUPING SETS ((owner_id), (capture_link_id), ())
    ORDER BY leads DESC`);
}

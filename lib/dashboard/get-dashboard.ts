import { getDatabase } from "@/lib/db/client";
import type { LinkStatus } from "@/lib/db/generated/client";
import { Prisma } from "@/lib/db/generated/client";
import { getReadDatabase } from "@/lib/db/replica";
import type { DashboardPeriod } from "./dashboard-period";
import { type PeriodSplit, periodParts, prepareDaySummaries } from "./day-summaries/prepare-day-summaries";
import { periodBounds } from "./period-bounds";

/** How many UTM sources and capture links the breakdowns list; the rest are counted. */
export const TOP_ROWS = 8;

export interface DashboardSource {
  /** Lower-cased (the leads filter matches sources case-insensitively); null: leads without a UTM source. */
  source: string | null;
  leads: number;
}

export interface DashboardLink {
  /** null: a link that was deleted since. */
  id: string | null;
  name: string | null;
  status: LinkStatus | null;
  leads: number;
}

export interface Dashboard {
  period: DashboardPeriod;
  /** Every day of the period, zeros included. */
  perDay: { day: string; leads: number }[];
  totals: { leads: number; accepted: number; rejected: number; spam: number };
  /** The top sources by first-touch UTM source, most leads first, and how many distinct sources there were. */
  sources: DashboardSource[];
  sourceCount: number;
  /** The top links by the link that created the lead, and how many links brought leads. */
  links: DashboardLink[];
  linkCount: number;
  /** For the empty states: whether the workspace has any lead or link at all, in any period. */
  hasLeads: boolean;
  hasLinks: boolean;
}

interface BreakdownRow {
  kind: "day" | "source" | "sources" | "link" | "links";
  key: string | null;
  n: number;
}

/**
 * The leads of the period by day, raw first-touch UTM source and link: its closed days from their summaries
 * (lib/dashboard/day-summaries), the days since live, in one pass over leads_workspace_id_created_at_id_idx,
 * which carries the capture link and the first-touch UTM source (migration 20261121035000_dashboard) so that
 * the scan reads no table rows. Erased leads are no leads (DESIGN.md section 13; the request totals still
 * count their requests): the summaries leave them out; live, asking each row for erased_at would read every
 * row from the table, so the few erased leads are counted apart, from their own small index (migration
 * 20261127010000), and taken off their groups (erasure keeps a lead's link and UTM, so they fall in the same
 * groups). Lower-casing, sums and top lists work on those few groups.
 */
function leadBreakdown(workspaceId: string, period: DashboardPeriod, split: PeriodSplit) {
  const parts = periodParts(workspaceId, period, split);
  const group = Prisma.sql`(l.created_at AT TIME ZONE ${period.timeZone}::text)::date AS day, l.first_utm_source AS source, l.capture_link_id AS link`;
  return Prisma.sql`
    WITH g AS MATERIALIZED (
      SELECT day, source, link, sum(n) AS n
      FROM (
        (SELECT s.day, s.first_utm_source, s.capture_link_id, s.leads::bigint FROM lead_day_dashboard s WHERE ${parts.summaries})
        UNION ALL
        (SELECT ${group}, count(*) AS n FROM leads l WHERE ${parts.live} GROUP BY 1, 2, 3)
        UNION ALL
        (SELECT ${group}, -count(*) AS n FROM leads l WHERE ${parts.live} AND l.erased_at IS NOT NULL GROUP BY 1, 2, 3)
      ) counted (day, source, link, n)
      GROUP BY 1, 2, 3
      HAVING sum(n) > 0
    ),
    by_source AS (SELECT lower(source) AS source, sum(n) AS n FROM g GROUP BY 1),
    by_link AS (SELECT link, sum(n) AS n FROM g GROUP BY 1)
    SELECT 'day' AS kind, day::text AS key, sum(n)::int AS n FROM g GROUP BY day
    UNION ALL (SELECT 'source', source, n::int FROM by_source ORDER BY n DESC, source NULLS LAST LIMIT ${TOP_ROWS})
    UNION ALL SELECT 'sources', NULL, count(*)::int FROM by_source
    UNION ALL (SELECT 'link', link::text, n::int FROM by_link ORDER BY n DESC, link NULLS LAST LIMIT ${TOP_ROWS})
    UNION ALL SELECT 'links', NULL, count(*)::int FROM by_link`;
}

/**
 * Requests of the period by outcome. The workspace is matched through its links rather than
 * submissions.workspace_id (always the link's workspace): the (capture_link_id, received_at) index carries
 * the outcome, so each link's range is counted from the index alone.
 */
function submissionTotals(workspaceId: string, period: DashboardPeriod) {
  const { start, end } = periodBounds(period);
  return Prisma.sql`
    SELECT s.outcome::text AS outcome, count(*)::int AS n
    FROM submissions s
    WHERE s.capture_link_id IN (SELECT c.id FROM capture_links c WHERE c.workspace_id = ${workspaceId}::uuid)
      AND s.received_at >= ${start} AND s.received_at < ${end}
    GROUP BY s.outcome`;
}

/** The workspace's dashboard for `period` (days of its time zone). Every figure counts this workspace's rows only. */
export async function getDashboard(workspaceId: string, period: DashboardPeriod): Promise<Dashboard> {
  const { prisma } = await getReadDatabase();
  // The summaries are built on the primary and read there, where they are sure to be up to date.
  const primary = await getDatabase();
  const [breakdown, outcomes, anyLead, linkTotal] = await Promise.all([
    prepareDaySummaries(workspaceId, period).then((split) =>
      primary.sql<BreakdownRow>(leadBreakdown(workspaceId, period, split)),
    ),
    prisma.$queryRaw<{ outcome: string; n: number }[]>(submissionTotals(workspaceId, period)),
    prisma.lead.findFirst({ where: { workspaceId }, select: { id: true } }),
    prisma.captureLink.count({ where: { workspaceId } }),
  ]);

  const perDayCounts = new Map<string, number>();
  const sources: DashboardSource[] = [];
  const linkRows: { id: string | null; leads: number }[] = [];
  let sourceCount = 0;
  let linkCount = 0;
  for (const row of breakdown) {
    const n = Number(row.n);
    if (row.kind === "day" && row.key) perDayCounts.set(row.key, n);
    else if (row.kind === "source") sources.push({ source: row.key, leads: n });
    else if (row.kind === "sources") sourceCount = n;
    else if (row.kind === "link") linkRows.push({ id: row.key, leads: n });
    else if (row.kind === "links") linkCount = n;
  }
  const linkIds = linkRows.flatMap((row) => (row.id ? [row.id] : []));
  const named = linkIds.length
    ? await prisma.captureLink.findMany({
        where: { workspaceId, id: { in: linkIds } },
        select: { id: true, name: true, status: true },
      })
    : [];
  const byId = new Map(named.map((link) => [link.id, link]));
  const perDay = period.days.map((day) => ({ day, leads: perDayCounts.get(day) ?? 0 }));
  const count = (outcome: string) => Number(outcomes.find((row) => row.outcome === outcome)?.n ?? 0);

  return {
    period,
    perDay,
    totals: {
      leads: perDay.reduce((sum, day) => sum + day.leads, 0),
      accepted: count("created") + count("updated"),
      rejected: count("rejected"),
      spam: count("spam"),
    },
    sources,
    sourceCount,
    links: linkRows.map((row) => {
      const link = row.id ? byId.get(row.id) : undefined;
      return { id: link?.id ?? null, name: link?.name ?? null, status: link?.status ?? null, leads: row.leads };
    }),
    linkCount,
    hasLeads: anyLead !== null,
    hasLinks: linkTotal > 0,
  };
}

import type { DashboardPeriod } from "@/lib/dashboard/dashboard-period";
import { type PeriodSplit, periodParts, prepareDaySummaries } from "@/lib/dashboard/day-summaries/prepare-day-summaries";
import { getDatabase } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { linkNotFound } from "@/lib/links/get-link";
import { parseInput } from "@/lib/validation/parse-input";
import {
  type CampaignGroupBy,
  type CampaignReport,
  CampaignReportQuery,
  type CampaignRow,
  type CampaignTouch,
} from "./campaign-report-query";
import { resolveReportPeriod, viewsUntil } from "./report-period";

interface ReportRow {
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

/**
 * The columns of a touch, chosen from a fixed list (never from the request's text), on the leads (alias `l`)
 * or on their day summaries (alias `s`, the same column names).
 */
function keyColumns(groupBy: CampaignGroupBy, touch: CampaignTouch, alias: "l" | "s") {
  const column = (name: "source" | "medium" | "campaign") => Prisma.raw(`${alias}.${touch}_utm_${name}`);
  return {
    source: column("source"),
    medium: groupBy === "source" ? Prisma.sql`NULL::text` : column("medium"),
    campaign: groupBy === "campaign" ? column("campaign") : Prisma.sql`NULL::text`,
  };
}

/**
 * The groups and, as the empty grouping set, the totals, over the period's leads: its closed days from their
 * summaries (lib/dashboard/day-summaries: counts, and the answered leads' minutes unnested so that the median
 * is taken over every lead of the period together), the days since live from the leads (the workspace's
 * (workspace_id, created_at) index, then each lead's row). Erased leads are no leads (DESIGN.md section 13).
 * Statuses are the leads' current ones; the first response is the rollup the writes keep on the lead.
 */
function reportSql(
  workspaceId: string,
  period: DashboardPeriod,
  split: PeriodSplit,
  groupBy: CampaignGroupBy,
  touch: CampaignTouch,
  linkId?: string,
) {
  const parts = periodParts(workspaceId, period, split);
  const summed = keyColumns(groupBy, touch, "s");
  const live = keyColumns(groupBy, touch, "l");
  const ofLink = (alias: "l" | "s") =>
    linkId ? Prisma.sql`AND ${Prisma.raw(alias)}.capture_link_id = ${linkId}::uuid` : Prisma.empty;
  return Prisma.sql`
    SELECT source, medium, campaign, grouping(source, medium, campaign) <> 0 AS total,
      coalesce(sum(leads), 0)::int AS leads, coalesce(sum(contacted), 0)::int AS contacted,
      coalesce(sum(qualified), 0)::int AS qualified, coalesce(sum(won), 0)::int AS won, coalesce(sum(lost), 0)::int AS lost,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY response_minutes) AS median
    FROM (
      SELECT ${summed.source} AS source, ${summed.medium} AS medium, ${summed.campaign} AS campaign,
        s.leads, s.contacted, s.qualified, s.won, s.lost, NULL::float8 AS response_minutes
      FROM lead_day_report s WHERE ${parts.summaries} ${ofLink("s")}
      UNION ALL
      SELECT ${summed.source}, ${summed.medium}, ${summed.campaign}, 0, 0, 0, 0, 0, minutes
      FROM lead_day_report s CROSS JOIN unnest(s.response_minutes) AS minutes WHERE ${parts.summaries} ${ofLink("s")}
      UNION ALL
      SELECT ${live.source}, ${live.medium}, ${live.campaign}, 1, (l.status <> 'new')::int,
        (l.status IN ('qualified', 'won'))::int, (l.status = 'won')::int, (l.status = 'lost')::int,
        extract(epoch FROM l.first_response_at - l.created_at) / 60
      FROM leads l WHERE ${parts.live} AND l.erased_at IS NULL ${ofLink("l")}
    ) period_leads
    GROUP BY GROUPING SETS ((source, medium, campaign), ())
    ORDER BY total DESC, leads DESC, source NULLS LAST, medium NULLS LAST, campaign NULLS LAST`;
}

/**
 * The link's form views in the period: link_views counts per UTC day, so the period's days are taken as UTC days;
 * a period that ends today also takes the UTC day that has already begun after it (São Paulo's evening is UTC's
 * next day), so today's views are never missing.
 */
async function linkViewsInPeriod(workspaceId: string, linkId: string, period: DashboardPeriod, now: Date): Promise<number> {
  const { prisma } = await getDatabase();
  const link = await prisma.captureLink.findFirst({ where: { id: linkId, workspaceId }, select: { id: true } });
  if (!link) throw linkNotFound(linkId);
  const [row] = await prisma.$queryRaw<{ views: number }[]>(Prisma.sql`
    SELECT coalesce(sum(views), 0)::int AS views FROM link_views
    WHERE capture_link_id = ${linkId}::uuid AND day >= ${period.from}::date AND day <= ${viewsUntil(period, now)}::date`);
  return Number(row?.views ?? 0);
}

function figures(row: ReportRow | undefined, views: number | null) {
  const leads = row?.leads ?? 0;
  const won = row?.won ?? 0;
  return {
    views,
    leads,
    contacted: row?.contacted ?? 0,
    qualified: row?.qualified ?? 0,
    won,
    lost: row?.lost ?? 0,
    wonRate: leads > 0 ? won / leads : null,
    medianFirstResponseMinutes: row?.median === null || row?.median === undefined ? null : Number(row.median),
  };
}

/**
 * The campaign report of DESIGN.md section 16 for the workspace: the leads created in the period (days of
 * `timeZone`, the workspace's), grouped by their first- or last-touch UTM source (`groupBy=source`), source and
 * medium (`medium`) or source, medium and campaign (`campaign`), busiest first, with the totals. A
 * `captureLinkId` of another workspace is `capture_link_not_found`; a bad parameter is `validation_failed`
 * naming it. `views` is the link's form views when the report is one link's (its rows are that link's own
 * traffic): on the totals only, since a view carries no UTM values to put it in a row; null otherwise.
 */
export async function getCampaignReport(
  workspaceId: string,
  query: CampaignReportQuery,
  timeZone: string,
  now = new Date(),
): Promise<CampaignReport> {
  const { groupBy, touch, from, to, captureLinkId } = parseInput(CampaignReportQuery, query, "report query");
  const period = resolveReportPeriod({ from, to }, timeZone, now);
  const database = await getDatabase();
  const [views, rows] = await Promise.all([
    captureLinkId ? linkViewsInPeriod(workspaceId, captureLinkId, period, now) : Promise.resolve(null),
    prepareDaySummaries(workspaceId, period).then((split) =>
      database.sql<ReportRow>(reportSql(workspaceId, period, split, groupBy, touch, captureLinkId)),
    ),
  ]);
  const totals = rows.find((row) => row.total);
  return {
    rows: rows
      .filter((row) => !row.total)
      .map(
        (row): CampaignRow => ({
          key: { source: row.source, medium: row.medium, campaign: row.campaign },
          ...figures(row, null),
        }),
      ),
    totals: figures(totals, views),
    period: { from: period.from, to: period.to, timeZone: period.timeZone },
    groupBy,
    touch,
  };
}

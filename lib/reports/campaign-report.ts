import type { DashboardPeriod } from "@/lib/dashboard/dashboard-period";
import { periodBounds } from "@/lib/dashboard/period-bounds";
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

/** The leads table's columns for a touch, chosen from a fixed list (never from the request's text). */
function keyColumns(groupBy: CampaignGroupBy, touch: CampaignTouch) {
  const column = (name: "source" | "medium" | "campaign") => Prisma.raw(`l.${touch}_utm_${name}`);
  return {
    source: column("source"),
    medium: groupBy === "source" ? Prisma.sql`NULL::text` : column("medium"),
    campaign: groupBy === "campaign" ? column("campaign") : Prisma.sql`NULL::text`,
  };
}

/**
 * One pass over the period's leads (the workspace's (workspace_id, created_at) index, then each lead's row):
 * the groups and, as the empty grouping set, the totals. Erased leads are no leads (DESIGN.md section 13).
 * Statuses are the leads' current ones; the first response is the rollup the writes keep on the lead.
 */
function reportSql(
  workspaceId: string,
  period: DashboardPeriod,
  groupBy: CampaignGroupBy,
  touch: CampaignTouch,
  linkId?: string,
) {
  const { start, end } = periodBounds(period);
  const key = keyColumns(groupBy, touch);
  return Prisma.sql`
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
  const { prisma } = await getDatabase();
  const [views, rows] = await Promise.all([
    captureLinkId ? linkViewsInPeriod(workspaceId, captureLinkId, period, now) : Promise.resolve(null),
    prisma.$queryRaw<ReportRow[]>(reportSql(workspaceId, period, groupBy, touch, captureLinkId)),
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

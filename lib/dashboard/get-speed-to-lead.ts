import { getDatabase } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import type { DashboardPeriod } from "./dashboard-period";
import { type PeriodSplit, periodParts, prepareDaySummaries } from "./day-summaries/prepare-day-summaries";

export const FUNNEL_STATUSES = ["new", "contacted", "qualified", "won", "lost"] as const;
export type FunnelStatus = (typeof FUNNEL_STATUSES)[number];

/** Minutes from a lead's creation to its first response, in the buckets the dashboard shows. */
export const RESPONSE_BUCKETS = ["within5", "within15", "within60", "over60", "notYet"] as const;
export type ResponseBucket = (typeof RESPONSE_BUCKETS)[number];

export interface ResponseFigures {
  leads: number;
  /** Leads with a first response. */
  answered: number;
  /** Of the answered leads' minutes; null when none was answered. */
  medianMinutes: number | null;
  p95Minutes: number | null;
  buckets: Record<ResponseBucket, number>;
}

export interface ResponseBreakdownRow extends ResponseFigures {
  /** null: no owner (or no link: a deleted one). */
  id: string | null;
  name: string | null;
}

export interface SpeedToLead {
  /** The period's leads by their current status. */
  funnel: Record<FunnelStatus, number>;
  overall: ResponseFigures;
  byOwner: ResponseBreakdownRow[];
  byLink: ResponseBreakdownRow[];
}

interface Row {
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

/**
 * The period's leads (not erased) grouped three ways at once: by owner, by the link that created them, and all
 * together (the funnel and the overall figures). Its closed days come from their summaries (lib/dashboard/
 * day-summaries), the days since live from the leads. The counts add up the summaries' and the live leads'; the
 * median and p95 are taken over the answered leads' minutes of the whole period together (the summaries' arrays
 * unnested, and the live leads'), grouped apart from the counts so that only those narrow rows are sorted. The
 * first response is the rollup the writes keep on the lead (lib/leads/first-response.ts). Rows with as many
 * leads come in a fixed order.
 */
function speedSql(workspaceId: string, period: DashboardPeriod, split: PeriodSplit) {
  const parts = periodParts(workspaceId, period, split);
  const counts = ["leads", "answered", "within5", "within15", "within60", "over60", "not_yet"].concat(FUNNEL_STATUSES);
  const sums = Prisma.raw(counts.map((name) => `coalesce(sum(${name}), 0)::int AS ${name}`).join(", "));
  const columns = Prisma.raw(counts.map((name) => `c.${name}`).join(", "));
  const groups = Prisma.sql`GROUP BY GROUPING SETS ((owner_id), (capture_link_id), ())`;
  return Prisma.sql`
    WITH live_leads AS MATERIALIZED (
      SELECT l.owner_id, l.capture_link_id, l.status, extract(epoch FROM l.first_response_at - l.created_at) / 60 AS m
      FROM leads l WHERE ${parts.live} AND l.erased_at IS NULL
    ),
    counted AS (
      SELECT grouping(owner_id, capture_link_id)::int AS grouping, owner_id, capture_link_id, ${sums}
      FROM (
        SELECT s.owner_id, s.capture_link_id, s.leads, s.answered, s.within5, s.within15, s.within60, s.over60,
          s.not_yet, s.new, s.contacted, s.qualified, s.won, s.lost
        FROM lead_day_dashboard s WHERE ${parts.summaries}
        UNION ALL
        SELECT owner_id, capture_link_id, 1, (m IS NOT NULL)::int, (m <= 5)::int, (m > 5 AND m <= 15)::int,
          (m > 15 AND m <= 60)::int, (m > 60)::int, (m IS NULL)::int, (status = 'new')::int, (status = 'contacted')::int,
          (status = 'qualified')::int, (status = 'won')::int, (status = 'lost')::int
        FROM live_leads
      ) period_leads
      ${groups}
    ),
    timed AS (
      SELECT grouping(owner_id, capture_link_id)::int AS grouping, owner_id, capture_link_id,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY m) AS median, percentile_cont(0.95) WITHIN GROUP (ORDER BY m) AS p95
      FROM (
        SELECT s.owner_id, s.capture_link_id, minutes AS m
        FROM lead_day_dashboard s CROSS JOIN unnest(s.response_minutes) AS minutes WHERE ${parts.summaries}
        UNION ALL
        SELECT owner_id, capture_link_id, m FROM live_leads WHERE m IS NOT NULL
      ) answered_leads
      ${groups}
    )
    SELECT c.grouping, c.owner_id::text, c.capture_link_id::text, ${columns}, t.median, t.p95
    FROM counted c
    LEFT JOIN timed t ON t.grouping = c.grouping AND t.owner_id IS NOT DISTINCT FROM c.owner_id
      AND t.capture_link_id IS NOT DISTINCT FROM c.capture_link_id
    ORDER BY c.leads DESC, c.grouping, c.owner_id NULLS LAST, c.capture_link_id NULLS LAST`;
}

function figures(row: Row | undefined): ResponseFigures {
  const number = (value: number | null | undefined) => (value === null || value === undefined ? null : Number(value));
  return {
    leads: row?.leads ?? 0,
    answered: row?.answered ?? 0,
    medianMinutes: number(row?.median),
    p95Minutes: number(row?.p95),
    buckets: {
      within5: row?.within5 ?? 0,
      within15: row?.within15 ?? 0,
      within60: row?.within60 ?? 0,
      over60: row?.over60 ?? 0,
      notYet: row?.not_yet ?? 0,
    },
  };
}

/**
 * The dashboard's funnel and speed to lead (DESIGN.md section 16) for `period`: the period's leads by current
 * status; the median and 95th percentile of the minutes to a first response, and the leads in each bucket
 * (≤ 5 min, 5–15, 15–60, > 60, not yet), overall, by owner and by link. Every figure counts this workspace's
 * leads only; owners and links are named from this workspace.
 */
export async function getSpeedToLead(workspaceId: string, period: DashboardPeriod): Promise<SpeedToLead> {
  const database = await getDatabase();
  const { prisma } = database;
  const split = await prepareDaySummaries(workspaceId, period);
  const rows = await database.sql<Row>(speedSql(workspaceId, period, split));
  const total = rows.find((row) => row.grouping === 3);
  const ownerRows = rows.filter((row) => row.grouping === 1);
  const linkRows = rows.filter((row) => row.grouping === 2);
  const ownerIds = ownerRows.flatMap((row) => (row.owner_id ? [row.owner_id] : []));
  const linkIds = linkRows.flatMap((row) => (row.capture_link_id ? [row.capture_link_id] : []));
  const [owners, links] = await Promise.all([
    ownerIds.length
      ? prisma.user.findMany({
          where: { id: { in: ownerIds }, memberships: { some: { workspaceId } } },
          select: { id: true, name: true, email: true },
        })
      : [],
    linkIds.length
      ? prisma.captureLink.findMany({ where: { id: { in: linkIds }, workspaceId }, select: { id: true, name: true } })
      : [],
  ]);
  const ownerName = new Map(owners.map((owner) => [owner.id, owner.name || owner.email]));
  const linkName = new Map(links.map((link) => [link.id, link.name]));
  return {
    funnel: {
      new: total?.new ?? 0,
      contacted: total?.contacted ?? 0,
      qualified: total?.qualified ?? 0,
      won: total?.won ?? 0,
      lost: total?.lost ?? 0,
    },
    overall: figures(total),
    byOwner: ownerRows.map((row) => ({
      id: row.owner_id,
      name: row.owner_id ? (ownerName.get(row.owner_id) ?? null) : null,
      ...figures(row),
    })),
    byLink: linkRows.map((row) => ({
      id: row.capture_link_id,
      name: row.capture_link_id ? (linkName.get(row.capture_link_id) ?? null) : null,
      ...figures(row),
    })),
  };
}

import { getDatabase } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import type { DashboardPeriod } from "./dashboard-period";
import { periodBounds } from "./period-bounds";

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
 * One pass over the period's leads (not erased), grouped three ways at once: by owner, by the link that
 * created them, and all together (the funnel and the overall figures). The first response is the rollup the
 * writes keep on the lead (lib/leads/first-response.ts).
 */
function speedSql(workspaceId: string, period: DashboardPeriod) {
  const { start, end } = periodBounds(period);
  return Prisma.sql`
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
    ORDER BY leads DESC`;
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
  const { prisma } = await getDatabase();
  const rows = await prisma.$queryRaw<Row[]>(speedSql(workspaceId, period));
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

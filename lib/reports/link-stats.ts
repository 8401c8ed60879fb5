import { z } from "zod";
import { periodBounds } from "@/lib/dashboard/period-bounds";
import { getDatabase } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { linkNotFound, linkId as readLinkId } from "@/lib/links/get-link";
import { parseInput } from "@/lib/validation/parse-input";
import { resolveReportPeriod, viewsUntil } from "./report-period";

const blankIsAbsent = (value: unknown) => (value === "" ? undefined : value);

export const LinkStatsQuery = z.object({
  from: z.preprocess(
    blankIsAbsent,
    z.string().optional().describe("First day (YYYY-MM-DD, the workspace's zone). Default: 30 days before `to`."),
  ),
  to: z.preprocess(
    blankIsAbsent,
    z.string().optional().describe("Last day, included (YYYY-MM-DD, the workspace's zone). Default: today."),
  ),
});
export type LinkStatsQuery = z.input<typeof LinkStatsQuery>;

const count = z.number().int().nonnegative();
export const LinkStatsSchema = z.object({
  days: z.array(
    z.object({
      day: z.string().describe("YYYY-MM-DD, a day of the workspace's zone."),
      views: count.describe("Views of the link's hosted form or JavaScript snippet (counted per UTC day)."),
      leads: count.describe("Leads the link created that day (erased leads excluded)."),
      rejected: count.describe("Requests refused with an error (dry runs excluded)."),
      spam: count.describe("Requests caught as spam (honeypot, captcha; dry runs excluded)."),
    }),
  ),
});
export type LinkStats = z.output<typeof LinkStatsSchema>;

interface DayRow {
  day: string;
  kind: "leads" | "rejected" | "spam";
  n: number;
}

/**
 * A capture link's traffic per day (DESIGN.md section 16): every day of the period, zeros included. Leads by
 * the day they were created, requests by the day they were received, in the workspace's zone; views as
 * link_views keeps them, per UTC day. Another workspace's link (or an id that is no link) is
 * `capture_link_not_found`.
 */
export async function getLinkStats(
  workspaceId: string,
  linkIdInput: string,
  query: LinkStatsQuery,
  timeZone: string,
  now = new Date(),
): Promise<LinkStats> {
  const { from, to } = parseInput(LinkStatsQuery, query, "stats query");
  const period = resolveReportPeriod({ from, to }, timeZone, now);
  const id = readLinkId(linkIdInput);
  if (!id) throw linkNotFound(linkIdInput);
  const { prisma } = await getDatabase();
  const link = await prisma.captureLink.findFirst({ where: { id, workspaceId }, select: { id: true } });
  if (!link) throw linkNotFound(linkIdInput);
  const { start, end } = periodBounds(period);
  const zone = Prisma.sql`${period.timeZone}::text`;
  const [counted, views] = await Promise.all([
    prisma.$queryRaw<DayRow[]>(Prisma.sql`
      SELECT (l.created_at AT TIME ZONE ${zone})::date::text AS day, 'leads' AS kind, count(*)::int AS n
      FROM leads l
      WHERE l.workspace_id = ${workspaceId}::uuid AND l.capture_link_id = ${id}::uuid
        AND l.created_at >= ${start} AND l.created_at < ${end} AND l.erased_at IS NULL
      GROUP BY 1
      UNION ALL
      SELECT (s.received_at AT TIME ZONE ${zone})::date::text, s.outcome::text, count(*)::int
      FROM submissions s
      WHERE s.capture_link_id = ${id}::uuid AND s.received_at >= ${start} AND s.received_at < ${end}
        AND s.outcome IN ('rejected', 'spam') AND NOT s.dry_run
      GROUP BY 1, 2`),
    prisma.linkViews.findMany({
      where: {
        captureLinkId: id,
        day: { gte: new Date(`${period.from}T00:00:00.000Z`), lte: new Date(`${viewsUntil(period, now)}T00:00:00.000Z`) },
      },
      select: { day: true, views: true },
    }),
  ]);
  const days = new Map(period.days.map((day) => [day, { day, views: 0, leads: 0, rejected: 0, spam: 0 }]));
  for (const row of counted) {
    const entry = days.get(row.day);
    if (entry) entry[row.kind] += Number(row.n);
  }
  for (const row of views) {
    // A UTC day after the period's last one is today's evening in the zone (viewsUntil).
    const day = row.day.toISOString().slice(0, 10);
    const entry = days.get(day) ?? (day > period.to ? days.get(period.to) : undefined);
    if (entry) entry.views += Number(row.views);
  }
  return { days: [...days.values()] };
}

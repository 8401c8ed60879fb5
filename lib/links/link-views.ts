import type { Database } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { linkId as readLinkId } from "./get-link";

/** A UTC day as the `link_views.day` column holds it: midnight UTC of that day. */
function utcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/**
 * Counts one view of a link's form on the UTC day of `at` (DESIGN.md section 12). Nothing about the visitor
 * is stored: the row is the link, the day and a number. Raw SQL because the increment must be one atomic
 * statement: concurrent first views of a day would make a Prisma upsert's create fail on the primary key.
 */
export async function countLinkView(database: Database, linkId: string, at: Date = new Date()): Promise<void> {
  await database.prisma.$executeRaw(Prisma.sql`
    INSERT INTO link_views (capture_link_id, day, views) VALUES (${linkId}::uuid, ${utcDay(at)}::date, 1)
    ON CONFLICT (capture_link_id, day) DO UPDATE SET views = link_views.views + 1`);
}

export interface LinkViews {
  total: number;
  /** Days with at least one view, oldest first; `day` is `YYYY-MM-DD` (UTC). */
  days: { day: string; views: number }[];
}

/**
 * The views of the workspace's link `linkId`, per UTC day, between `from` and `to` (inclusive, UTC days;
 * either may be left out). Another workspace's link has no views here (the workspace is in the query).
 */
export async function linkViews(
  database: Database,
  workspaceId: string,
  linkId: string,
  from?: Date,
  to?: Date,
): Promise<LinkViews> {
  // Not a UUID: no link has it, and PostgreSQL would refuse to compare it with the uuid column.
  const id = readLinkId(linkId);
  if (!id) return { total: 0, days: [] };
  const rows = await database.prisma.linkViews.findMany({
    where: {
      captureLinkId: id,
      captureLink: { workspaceId },
      day: { ...(from ? { gte: utcDay(from) } : {}), ...(to ? { lte: utcDay(to) } : {}) },
    },
    orderBy: { day: "asc" },
    select: { day: true, views: true },
  });
  const days = rows.map((row) => ({ day: row.day.toISOString().slice(0, 10), views: Number(row.views) }));
  return { total: days.reduce((sum, row) => sum + row.views, 0), days };
}

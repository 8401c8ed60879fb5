import { getDatabase } from "@/lib/db/client";

export interface LinkCounters {
  accepted: number;
  rejected: number;
  lastReceivedAt: Date | null;
}

export const NO_TRAFFIC: LinkCounters = { accepted: 0, rejected: 0, lastReceivedAt: null };

/**
 * The request counters of the workspace's links `linkIds`. Ingest spreads each link's counters over
 * shard rows (lib/ingest/stats-shard.ts), so a link's counters are the sum over its rows.
 */
export async function loadLinkCounters(workspaceId: string, linkIds: string[]): Promise<Map<string, LinkCounters>> {
  const counters = new Map<string, LinkCounters>();
  if (linkIds.length === 0) return counters;
  const { prisma } = await getDatabase();
  const groups = await prisma.captureLinkStats.groupBy({
    by: ["captureLinkId"],
    where: { captureLinkId: { in: linkIds }, captureLink: { workspaceId } },
    _sum: { accepted: true, rejected: true },
    _max: { lastReceivedAt: true },
  });
  for (const group of groups) {
    counters.set(group.captureLinkId, {
      accepted: Number(group._sum.accepted ?? 0),
      rejected: Number(group._sum.rejected ?? 0),
      lastReceivedAt: group._max.lastReceivedAt,
    });
  }
  return counters;
}

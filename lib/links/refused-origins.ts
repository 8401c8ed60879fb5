import { getDatabase } from "@/lib/db/client";
import { normaliseOrigin, originAllowed } from "./allowed-origins";

export interface RefusedOrigin {
  origin: string;
  /** Requests from it refused in the window. */
  count: number;
  lastRefusedAt: Date;
}

const WINDOW_DAYS = 30;
const SHOWN = 10;

/**
 * The origins a link refused (403 `origin_not_allowed`, posts and preflights alike) in the last 30 days,
 * most recent first, that its allowed origins still refuse: what the link page offers to allow. Read from
 * the request log through its partial index of refusals (migration 20261124010000).
 */
export async function listRefusedOrigins(
  workspaceId: string,
  link: { id: string; allowedOrigins: string[] },
): Promise<RefusedOrigin[]> {
  // An empty list allows every origin: nothing is refused any more.
  if (link.allowedOrigins.length === 0) return [];
  const { prisma } = await getDatabase();
  const groups = await prisma.submission.groupBy({
    by: ["origin"],
    where: {
      workspaceId,
      captureLinkId: link.id,
      errorCode: "origin_not_allowed",
      origin: { not: null },
      receivedAt: { gte: new Date(Date.now() - WINDOW_DAYS * 86_400_000) },
    },
    _count: { _all: true },
    _max: { receivedAt: true },
    orderBy: { _max: { receivedAt: "desc" } },
    take: 100,
  });
  const refused: RefusedOrigin[] = [];
  for (const group of groups) {
    // Sent by browsers, but a script can write any Origin header: only well-formed origins are offered.
    const normalised = group.origin ? normaliseOrigin(group.origin) : undefined;
    if (!normalised?.ok || normalised.wildcard || normalised.origin !== group.origin) continue;
    if (originAllowed(group.origin, link.allowedOrigins) || !group._max.receivedAt) continue;
    refused.push({ origin: group.origin, count: group._count._all, lastRefusedAt: group._max.receivedAt });
    if (refused.length === SHOWN) break;
  }
  return refused;
}

import { getReadDatabase } from "@/lib/db/replica";

/** A Meta Lead Ads lead whose id Meta sent, still to be read from the Graph API (lib/channels/meta-fetch). */
export interface PendingMetaFetch {
  id: string;
  leadgenId: string;
  receivedAt: Date;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
}

/** How many pending fetches the link page lists; the rest are counted. */
export const PENDING_FETCHES_SHOWN = 20;

/**
 * The link's Meta leads still waiting for their fetch, oldest first, and how many there are: a request that reached
 * the link shows on its page before its lead exists (once fetched, or failed for good, it is a row of the request
 * log). Scoped to the workspace like every admin read.
 */
export async function listPendingMetaFetches(
  workspaceId: string,
  captureLinkId: string,
  limit = PENDING_FETCHES_SHOWN,
): Promise<{ total: number; fetches: PendingMetaFetch[] }> {
  const { prisma } = await getReadDatabase();
  const where = { workspaceId, captureLinkId, state: "pending" };
  const [total, rows] = await Promise.all([
    prisma.metaLeadFetch.count({ where }),
    prisma.metaLeadFetch.findMany({
      where,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: limit,
      select: { id: true, leadgenId: true, createdAt: true, attemptCount: true, nextAttemptAt: true, lastError: true },
    }),
  ]);
  return {
    total,
    fetches: rows.map((row) => ({
      id: row.id,
      leadgenId: row.leadgenId,
      receivedAt: row.createdAt,
      attempts: row.attemptCount,
      nextAttemptAt: row.nextAttemptAt,
      lastError: row.lastError,
    })),
  };
}

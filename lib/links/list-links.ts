import { getDatabase } from "@/lib/db/client";
import { type CaptureLinkSummary, captureLinkSelect, toCaptureLinkSummary } from "./capture-link";
import { type LinkCounters, loadLinkCounters, NO_TRAFFIC } from "./link-counters";

export type CaptureLinkWithCounters = CaptureLinkSummary & { counters: LinkCounters };

/** The workspace's capture links, newest first, with their request counters. */
export async function listLinks(workspaceId: string): Promise<CaptureLinkWithCounters[]> {
  const { prisma } = await getDatabase();
  const links = await prisma.captureLink.findMany({
    where: { workspaceId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: captureLinkSelect,
  });
  const counters = await loadLinkCounters(
    workspaceId,
    links.map((link) => link.id),
  );
  return links.map((link) => ({ ...toCaptureLinkSummary(link), counters: counters.get(link.id) ?? NO_TRAFFIC }));
}

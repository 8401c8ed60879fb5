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

/** A capture link as the leads page needs it: its name for the table and the filter, its URL when there are no leads yet. */
export interface LinkChoice {
  id: string;
  name: string;
  status: CaptureLinkSummary["status"];
  token: string;
}

/**
 * The workspace's capture links in listLinks' order, without their settings and counters (one statement
 * instead of two, and no sum over the counters' shard rows): the leads page's link names and filter.
 */
export async function listLinkChoices(workspaceId: string): Promise<LinkChoice[]> {
  const { prisma } = await getDatabase();
  return prisma.captureLink.findMany({
    where: { workspaceId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, name: true, status: true, token: true },
  });
}

import { z } from "zod";
import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { captureLinkSelect, toCaptureLinkSummary } from "./capture-link";
import { loadLinkCounters, NO_TRAFFIC } from "./link-counters";
import type { CaptureLinkWithCounters } from "./list-links";

export function linkNotFound(id: string): AppError {
  return new AppError("capture_link_not_found", `No capture link "${id.trim()}" in this workspace.`);
}

/** The workspace's link with this id, with its counters; AppError `capture_link_not_found` for any other id. */
export async function getLink(workspaceId: string, linkId: string, options: { baseUrl?: string } = {}): Promise<CaptureLinkWithCounters> {
  const id = linkId.trim().toLowerCase();
  // Not a UUID: no link can have it, and PostgreSQL would reject the comparison with the uuid column.
  if (!z.guid().safeParse(id).success) throw linkNotFound(linkId);
  const { prisma } = await getDatabase();
  const link = await prisma.captureLink.findFirst({ where: { id, workspaceId }, select: captureLinkSelect });
  if (!link) throw linkNotFound(linkId);
  const counters = await loadLinkCounters(workspaceId, [link.id]);
  return { ...toCaptureLinkSummary(link, options.baseUrl), counters: counters.get(link.id) ?? NO_TRAFFIC };
}

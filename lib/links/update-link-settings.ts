import { z } from "zod";
import { getDatabase } from "@/lib/db/client";
import { invalidateCaptureLinks } from "@/lib/ingest/link-cache";
import { parseInput } from "@/lib/validation/parse-input";
import { captureLinkSelect, type CaptureLinkSummary, toCaptureLinkSummary } from "./capture-link";
import { linkNotFound } from "./get-link";
import { LinkSettings } from "./link-input";

/**
 * Changes a link's allowed origins, rate limit and honeypot field (keys left out keep their value).
 * A revoked link may be edited too: its settings stay readable and it still answers 410.
 */
export async function updateLinkSettings(workspaceId: string, linkId: string, input: LinkSettings): Promise<CaptureLinkSummary> {
  const settings = parseInput(LinkSettings, input, "capture link settings");
  const id = linkId.trim().toLowerCase();
  if (!z.guid().safeParse(id).success) throw linkNotFound(linkId);
  const { prisma } = await getDatabase();
  // The workspace is part of the write itself: another workspace's id updates nothing and is not found.
  const { count } = await prisma.captureLink.updateMany({ where: { id, workspaceId }, data: settings });
  if (count === 0) throw linkNotFound(linkId);
  // Awaited like revokeLink's, so ingest stops using the old origins and limits before the admin is told.
  await invalidateCaptureLinks(workspaceId);
  const link = await prisma.captureLink.findFirst({ where: { id, workspaceId }, select: captureLinkSelect });
  if (!link) throw linkNotFound(linkId);
  return toCaptureLinkSummary(link);
}

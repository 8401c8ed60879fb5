import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { uuidOrUndefined } from "@/lib/validation/uuid";
import { captureLinkSelect, toCaptureLinkSummary } from "./capture-link";
import { loadLinkCounters, NO_TRAFFIC } from "./link-counters";
import type { CaptureLinkWithCounters } from "./list-links";

export function linkNotFound(id: string): AppError {
  return new AppError("capture_link_not_found", `No capture link "${id.trim()}" in this workspace.`);
}

export function linkRevoked(): AppError {
  return new AppError(
    "capture_link_revoked",
    "This link is revoked: it accepts no more leads and its settings can no longer change.",
  );
}

/** A link id as typed: lower-cased, or undefined when it cannot be a UUID (so no link has it). */
export function linkId(value: string): string | undefined {
  return uuidOrUndefined(value);
}

/** The workspace's link with this id, with its counters; AppError `capture_link_not_found` for any other id. */
export async function getLink(
  workspaceId: string,
  value: string,
  options: { baseUrl?: string } = {},
): Promise<CaptureLinkWithCounters> {
  // Not a UUID: no link can have it, and PostgreSQL would reject the comparison with the uuid column.
  const id = linkId(value);
  if (!id) throw linkNotFound(value);
  const { prisma } = await getDatabase();
  const link = await prisma.captureLink.findFirst({ where: { id, workspaceId }, select: captureLinkSelect });
  if (!link) throw linkNotFound(value);
  const counters = await loadLinkCounters(workspaceId, [link.id]);
  return { ...toCaptureLinkSummary(link, options.baseUrl), counters: counters.get(link.id) ?? NO_TRAFFIC };
}

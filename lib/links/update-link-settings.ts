import { getDatabase } from "@/lib/db/client";
import { invalidateCaptureLinks } from "@/lib/links/link-cache";
import { parseInput } from "@/lib/validation/parse-input";
import { type CaptureLinkSummary, captureLinkSelect, toCaptureLinkSummary } from "./capture-link";
import { assertFormSettings } from "./form-settings";
import { linkId, linkNotFound, linkRevoked } from "./get-link";
import { LinkSettings } from "./link-input";

const formSettingsSelect = {
  allowedOrigins: true,
  successUrl: true,
  errorUrl: true,
  captchaProvider: true,
  captchaSecret: true,
} as const;

/**
 * Changes a link's allowed origins, rate limit, honeypot field and identity requirement (keys left out keep
 * their value). A revoked link's settings no longer change: it answers 410 whatever they say, and its page
 * offers nothing to edit (AppError `capture_link_revoked`).
 */
export async function updateLinkSettings(workspaceId: string, id: string, input: LinkSettings): Promise<CaptureLinkSummary> {
  const settings = parseInput(LinkSettings, input, "capture link settings");
  const where = { id: linkId(id) ?? "", workspaceId };
  if (!where.id) throw linkNotFound(id);
  const { prisma } = await getDatabase();
  const stored = await prisma.captureLink.findFirst({ where, select: formSettingsSelect });
  if (!stored) throw linkNotFound(id);
  // A redirect target is checked against the origins the link will have, whichever of the two changed.
  assertFormSettings({ ...stored, ...settings });
  // The workspace is part of the write itself: another workspace's id updates nothing and is not found.
  const { count } = await prisma.captureLink.updateMany({ where: { ...where, status: "active" }, data: settings });
  const link = await prisma.captureLink.findFirst({ where, select: captureLinkSelect });
  if (!link) throw linkNotFound(id);
  if (count === 0) throw linkRevoked();
  // Awaited like revokeLink's, so ingest stops using the old origins and limits before the admin is told.
  await invalidateCaptureLinks(workspaceId);
  return toCaptureLinkSummary(link);
}

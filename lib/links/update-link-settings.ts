import { auditChanges } from "@/lib/audit/audit-changes";
import { type AuditActor, recordAudit } from "@/lib/audit/record";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { getDatabase } from "@/lib/db/client";
import { parseInput } from "@/lib/validation/parse-input";
import { type CaptureLinkSummary, captureLinkSelect, toCaptureLinkSummary } from "./capture-link";
import { assertFormSettings } from "./form-settings";
import { linkId, linkNotFound, linkRevoked } from "./get-link";
import { LinkSettings } from "./link-input";

const settingsSelect = { ...captureLinkSelect, captchaSecret: true } as const;

/** The settings the audit log compares, in the order it lists them; the captcha secret is named, never shown. */
const AUDITED_SETTINGS = [
  "allowedOrigins",
  "rateLimit",
  "honeypotField",
  "requireIdentity",
  "requireConsent",
  "acceptForms",
  "successUrl",
  "errorUrl",
  "captchaProvider",
  "captchaSecret",
  "captchaSiteKey",
  "captchaMinScore",
  "captchaAcceptOnOutage",
] as const;

/**
 * Changes a link's allowed origins, rate limit, honeypot field and identity requirement (keys left out keep
 * their value). A revoked link's settings no longer change: it answers 410 whatever they say, and its page
 * offers nothing to edit (AppError `capture_link_revoked`). With an `actor`, what changed (before → after) is
 * audited in the same transaction.
 */
export async function updateLinkSettings(
  workspaceId: string,
  id: string,
  input: LinkSettings,
  actor?: AuditActor,
): Promise<CaptureLinkSummary> {
  const settings = parseInput(LinkSettings, input, "capture link settings");
  const where = { id: linkId(id) ?? "", workspaceId };
  if (!where.id) throw linkNotFound(id);
  const { prisma } = await getDatabase();
  const link = await prisma.$transaction(async (tx) => {
    const stored = await tx.captureLink.findFirst({ where, select: settingsSelect });
    if (!stored) throw linkNotFound(id);
    // A redirect target is checked against the origins the link will have, whichever of the two changed.
    assertFormSettings({ ...stored, ...settings });
    // The workspace is part of the write itself: another workspace's id updates nothing and is not found.
    const { count } = await tx.captureLink.updateMany({ where: { ...where, status: "active" }, data: settings });
    if (count === 0) throw linkRevoked();
    const updated = await tx.captureLink.findFirst({ where, select: settingsSelect });
    if (!updated) throw linkNotFound(id);
    const changes = auditChanges(stored, updated, AUDITED_SETTINGS, ["captchaSecret"]);
    if (actor && changes.length > 0) {
      const event = { workspaceId, action: "link.updated", targetType: "capture_link", targetId: updated.id } as const;
      await recordAudit(actor, { ...event, details: { name: updated.name, changes } }, tx);
    }
    const { captchaSecret: _secret, ...summary } = updated;
    return summary;
  });
  // Awaited like revokeLink's, so ingest stops using the old origins and limits before the admin is told.
  await invalidateCaptureLinks(workspaceId);
  return toCaptureLinkSummary(link);
}

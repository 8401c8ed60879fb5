import { type AuditActor, recordAudit } from "@/lib/audit/record";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { getDatabase } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { uuidOrUndefined } from "@/lib/validation/uuid";
import { type CaptureLinkSummary, captureLinkSelect, toCaptureLinkSummary } from "./capture-link";
import { isLinkToken } from "./link-token";

/** The link named by its id or its token, limited to the workspace; null when the value can be neither. */
function linkWhere(workspaceId: string, idOrToken: string): Prisma.CaptureLinkWhereInput | null {
  const value = idOrToken.trim();
  const id = uuidOrUndefined(value);
  if (id) return { workspaceId, id };
  if (isLinkToken(value)) return { workspaceId, token: value };
  return null;
}

/**
 * Revokes a link of the workspace (by id or token): it answers 410 from now on. Revoking a revoked
 * link changes nothing (and is not audited again) and keeps its first revocation time. A link of another
 * workspace is not found.
 */
export async function revokeLink(workspaceId: string, idOrToken: string, actor?: AuditActor): Promise<CaptureLinkSummary> {
  const where = linkWhere(workspaceId, idOrToken);
  const { prisma } = await getDatabase();
  if (where) {
    const link = await prisma.$transaction(async (tx) => {
      const { count } = await tx.captureLink.updateMany({
        where: { ...where, status: "active" },
        data: { status: "revoked", revokedAt: new Date() },
      });
      const found = await tx.captureLink.findFirst({ where, select: captureLinkSelect });
      if (found && count > 0 && actor) {
        const event = { workspaceId, action: "link.revoked", targetType: "capture_link", targetId: found.id } as const;
        await recordAudit(actor, { ...event, details: { name: found.name } }, tx);
      }
      return found;
    });
    if (link) {
      // This process forgets the link at once. Other instances keep their cached copy for up to the cache's
      // TTL (lib/ingest/capture-context.ts), but no lead gets in through it: the ingest transaction checks the link's
      // status in the statement that writes the lead, and answers 410 (capture_link_revoked) when it is revoked.
      invalidateCaptureLinks(workspaceId);
      return toCaptureLinkSummary(link);
    }
  }
  throw new AppError("capture_link_not_found", `No capture link "${idOrToken.trim()}" in this workspace.`);
}

import { getDatabase } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { invalidateCaptureLinks } from "@/lib/links/link-cache";
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
 * link changes nothing and keeps its first revocation time. A link of another workspace is not found.
 */
export async function revokeLink(workspaceId: string, idOrToken: string): Promise<CaptureLinkSummary> {
  const where = linkWhere(workspaceId, idOrToken);
  const { prisma } = await getDatabase();
  if (where) {
    await prisma.captureLink.updateMany({
      where: { ...where, status: "active" },
      data: { status: "revoked", revokedAt: new Date() },
    });
    const link = await prisma.captureLink.findFirst({ where, select: captureLinkSelect });
    if (link) {
      // This process forgets the link at once. Other instances keep their cached copy for up to the cache's
      // TTL (lib/links/link-cache.ts), but no lead gets in through it: the ingest transaction checks the link's
      // status in the statement that writes the lead, and answers 410 (capture_link_revoked) when it is revoked.
      invalidateCaptureLinks(workspaceId);
      return toCaptureLinkSummary(link);
    }
  }
  throw new AppError("capture_link_not_found", `No capture link "${idOrToken.trim()}" in this workspace.`);
}

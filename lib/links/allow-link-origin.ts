import { type AuditActor, recordAudit } from "@/lib/audit/record";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { getDatabase } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { validationFailed } from "@/lib/validation/parse-input";
import { normaliseOrigin } from "./allowed-origins";
import { type CaptureLinkSummary, captureLinkSelect, toCaptureLinkSummary } from "./capture-link";
import { linkId, linkNotFound, linkRevoked } from "./get-link";
import { MAX_ALLOWED_ORIGINS } from "./link-input";

/**
 * Adds one origin to an active link's allowed origins ("allow this origin" on the link page, for an origin
 * the link refused). Adding an origin already listed changes nothing. A link with no list allows every
 * origin already, and stays so: adding one would shut out all the others. With an `actor`, an origin that
 * was added is audited (the list before → after) in the same transaction.
 */
export async function allowLinkOrigin(
  workspaceId: string,
  id: string,
  origin: string,
  actor?: AuditActor,
): Promise<CaptureLinkSummary> {
  const normalised = normaliseOrigin(origin);
  if (!normalised.ok)
    throw validationFailed("origin", [{ field: "origin", code: "invalid_origin", message: normalised.message }]);
  const where = { id: linkId(id) ?? "", workspaceId };
  if (!where.id) throw linkNotFound(id);
  const { prisma } = await getDatabase();
  const { appended, link } = await prisma.$transaction(async (tx) => {
    // One statement appends, so two admins allowing two origins at once both get theirs (a read, then a write of
    // the whole list, would drop one). The workspace is part of the write: another workspace's link is not found.
    const appended = await tx.$executeRaw(Prisma.sql`
      UPDATE capture_links SET allowed_origins = array_append(allowed_origins, ${normalised.origin})
      WHERE id = ${where.id}::uuid AND workspace_id = ${workspaceId}::uuid AND status = 'active'
        AND cardinality(allowed_origins) BETWEEN 1 AND ${MAX_ALLOWED_ORIGINS - 1}
        AND NOT (${normalised.origin} = ANY (allowed_origins))`);
    const found = await tx.captureLink.findFirst({ where, select: captureLinkSelect });
    if (found && appended > 0 && actor) {
      const event = { workspaceId, action: "link.updated", targetType: "capture_link", targetId: found.id } as const;
      const to = found.allowedOrigins;
      const changes = [{ field: "allowedOrigins", from: to.filter((item) => item !== normalised.origin), to }];
      await recordAudit(actor, { ...event, details: { name: found.name, changes } }, tx);
    }
    return { appended, link: found };
  });
  if (!link) throw linkNotFound(id);
  if (link.status === "revoked") throw linkRevoked();
  if (appended === 0 && link.allowedOrigins.length >= MAX_ALLOWED_ORIGINS && !link.allowedOrigins.includes(normalised.origin)) {
    throw validationFailed("origin", [
      {
        field: "origin",
        code: "too_many_origins",
        message: `cannot be added: the link already allows ${MAX_ALLOWED_ORIGINS} origins`,
      },
    ]);
  }
  if (appended > 0) await invalidateCaptureLinks(workspaceId);
  return toCaptureLinkSummary(link);
}

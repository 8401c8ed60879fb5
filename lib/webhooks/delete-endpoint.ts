import { type AuditActor, recordAudit } from "@/lib/audit/record";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { getDatabase } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { endpointAuditEvent } from "./create-endpoint";
import { endpointIdOrNotFound, endpointNotFound } from "./webhook-endpoint";

/**
 * Deletes an endpoint of the workspace with its queued messages and attempt log (cascade): the REST-hook
 * "unsubscribe" of Zapier and n8n. Another workspace's endpoint is not found (the workspace is in the statement).
 * With an `actor`, audited (by URL and description) in the same transaction.
 */
export async function deleteEndpoint(workspaceId: string, endpointId: string, actor?: AuditActor): Promise<void> {
  const id = endpointIdOrNotFound(endpointId);
  const { prisma } = await getDatabase();
  await prisma.$transaction(async (tx) => {
    const [deleted] = await tx.$queryRaw<{ id: string; kind: string; url: string; description: string | null }[]>(Prisma.sql`
      DELETE FROM webhook_endpoints WHERE id = ${id}::uuid AND workspace_id = ${workspaceId}::uuid
      RETURNING id::text, kind, url, description`);
    if (!deleted) throw endpointNotFound(endpointId);
    if (actor) await recordAudit(actor, endpointAuditEvent(workspaceId, "webhook.deleted", deleted), tx);
  });
  // Ingest skips the outbox for workspaces without endpoints (the link cache says which).
  invalidateCaptureLinks(workspaceId);
}

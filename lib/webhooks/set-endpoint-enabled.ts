import { type AuditActor, recordAudit } from "@/lib/audit/record";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { getDatabase } from "@/lib/db/client";
import { endpointAuditEvent } from "./create-endpoint";
import { endpointIdOrNotFound, endpointNotFound } from "./webhook-endpoint";

/**
 * Enables or disables an endpoint of the workspace; enabling clears why Leadlink had disabled it. With an
 * `actor`, a change (enabled from → to) is audited in the same transaction.
 */
export async function setEndpointEnabled(
  workspaceId: string,
  endpointId: string,
  enabled: boolean,
  actor?: AuditActor,
): Promise<void> {
  const id = endpointIdOrNotFound(endpointId);
  const { prisma } = await getDatabase();
  await prisma.$transaction(async (tx) => {
    const before = await tx.webhookEndpoint.findFirst({
      where: { id, workspaceId },
      select: { id: true, kind: true, url: true, description: true, enabled: true },
    });
    const { count } = await tx.webhookEndpoint.updateMany({
      where: { id, workspaceId },
      data: enabled
        ? { enabled, disabledReason: null, disabledAt: null, updatedAt: new Date() }
        : { enabled, disabledAt: new Date(), updatedAt: new Date() },
    });
    if (count === 0 || !before) throw endpointNotFound(endpointId);
    if (actor && before.enabled !== enabled) {
      const changes = [{ field: "enabled", from: before.enabled, to: enabled }];
      await recordAudit(actor, endpointAuditEvent(workspaceId, "webhook.updated", before, { changes }), tx);
    }
  });
  invalidateCaptureLinks(workspaceId);
}

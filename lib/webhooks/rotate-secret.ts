import { type AuditActor, recordAudit } from "@/lib/audit/record";
import { getDatabase } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { endpointAuditEvent } from "./create-endpoint";
import { endpointIdOrNotFound, endpointNotFound } from "./webhook-endpoint";
import { generateWebhookSecret, ROTATION_OVERLAP_MS } from "./webhook-secret";

/**
 * Gives the endpoint a new secret; the old one keeps signing too (a second signature) for 24 hours, so the
 * receiver can switch without dropping a message. One statement, scoped to the workspace. With an `actor`,
 * audited (never the secret) in the same transaction.
 */
export async function rotateSecret(
  workspaceId: string,
  endpointId: string,
  actor?: AuditActor,
): Promise<{ id: string; secret: string }> {
  const id = endpointIdOrNotFound(endpointId);
  const { prisma } = await getDatabase();
  const secret = generateWebhookSecret();
  await prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string; kind: string; url: string; description: string | null }[]>(Prisma.sql`
      UPDATE webhook_endpoints SET previous_secret = secret, secret = ${secret},
        previous_secret_expires_at = now() + ${`${ROTATION_OVERLAP_MS} milliseconds`}::interval, updated_at = now()
      WHERE id = ${id}::uuid AND workspace_id = ${workspaceId}::uuid
      RETURNING id::text, kind, url, description`);
    const [rotated] = rows;
    if (!rotated) throw endpointNotFound(endpointId);
    if (actor) {
      const changes = [{ field: "secret" }];
      await recordAudit(actor, endpointAuditEvent(workspaceId, "webhook.secret_rotated", rotated, { changes }), tx);
    }
  });
  return { id, secret };
}

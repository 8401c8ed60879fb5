import { getDatabase } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { endpointIdOrNotFound, endpointNotFound } from "./webhook-endpoint";
import { generateWebhookSecret, ROTATION_OVERLAP_MS } from "./webhook-secret";

/**
 * Gives the endpoint a new secret; the old one keeps signing too (a second signature) for 24 hours, so the
 * receiver can switch without dropping a message. One statement, scoped to the workspace.
 */
export async function rotateSecret(workspaceId: string, endpointId: string): Promise<{ id: string; secret: string }> {
  const id = endpointIdOrNotFound(endpointId);
  const { prisma } = await getDatabase();
  const secret = generateWebhookSecret();
  const rows = await prisma.$queryRaw<{ id: string }[]>(Prisma.sql`
    UPDATE webhook_endpoints SET previous_secret = secret, secret = ${secret},
      previous_secret_expires_at = now() + ${`${ROTATION_OVERLAP_MS} milliseconds`}::interval, updated_at = now()
    WHERE id = ${id}::uuid AND workspace_id = ${workspaceId}::uuid
    RETURNING id::text`);
  if (rows.length === 0) throw endpointNotFound(endpointId);
  return { id, secret };
}

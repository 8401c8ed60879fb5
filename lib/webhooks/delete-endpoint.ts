import { getDatabase } from "@/lib/db/client";
import { invalidateCaptureLinks } from "@/lib/links/link-cache";
import { endpointIdOrNotFound, endpointNotFound } from "./webhook-endpoint";

/**
 * Deletes an endpoint of the workspace with its queued messages and attempt log (cascade): the REST-hook
 * "unsubscribe" of Zapier and n8n. Another workspace's endpoint is not found (the workspace is in the statement).
 */
export async function deleteEndpoint(workspaceId: string, endpointId: string): Promise<void> {
  const id = endpointIdOrNotFound(endpointId);
  const { prisma } = await getDatabase();
  const { count } = await prisma.webhookEndpoint.deleteMany({ where: { id, workspaceId } });
  if (count === 0) throw endpointNotFound(endpointId);
  // Ingest skips the outbox for workspaces without endpoints (the link cache says which).
  invalidateCaptureLinks(workspaceId);
}

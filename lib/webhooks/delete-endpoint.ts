import { getDatabase } from "@/lib/db/client";
import { invalidateCaptureLinks } from "@/lib/links/link-cache";
import { endpointIdOrNotFound, endpointNotFound } from "./webhook-endpoint";

/** Deletes an endpoint of the workspace with its messages and their attempts (the tables cascade). */
export async function deleteEndpoint(workspaceId: string, endpointId: string): Promise<void> {
  const id = endpointIdOrNotFound(endpointId);
  const { prisma } = await getDatabase();
  const { count } = await prisma.webhookEndpoint.deleteMany({ where: { id, workspaceId } });
  if (count === 0) throw endpointNotFound(endpointId);
  invalidateCaptureLinks(workspaceId);
}

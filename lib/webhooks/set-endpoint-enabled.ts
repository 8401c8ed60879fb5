import { getDatabase } from "@/lib/db/client";
import { invalidateCaptureLinks } from "@/lib/links/link-cache";
import { endpointIdOrNotFound, endpointNotFound } from "./webhook-endpoint";

/** Enables or disables an endpoint of the workspace; enabling clears why Leadlink had disabled it. */
export async function setEndpointEnabled(workspaceId: string, endpointId: string, enabled: boolean): Promise<void> {
  const id = endpointIdOrNotFound(endpointId);
  const { prisma } = await getDatabase();
  const { count } = await prisma.webhookEndpoint.updateMany({
    where: { id, workspaceId },
    data: enabled
      ? { enabled, disabledReason: null, disabledAt: null, updatedAt: new Date() }
      : { enabled, disabledAt: new Date(), updatedAt: new Date() },
  });
  if (count === 0) throw endpointNotFound(endpointId);
  invalidateCaptureLinks(workspaceId);
}

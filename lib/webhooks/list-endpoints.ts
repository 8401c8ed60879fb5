import { getDatabase } from "@/lib/db/client";
import { endpointSelect, toEndpointSummary, type WebhookEndpointSummary } from "./webhook-endpoint";

/** The workspace's endpoints, oldest first. */
export async function listEndpoints(workspaceId: string): Promise<WebhookEndpointSummary[]> {
  const { prisma } = await getDatabase();
  const rows = await prisma.webhookEndpoint.findMany({
    where: { workspaceId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: endpointSelect,
  });
  return rows.map(toEndpointSummary);
}

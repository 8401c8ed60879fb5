import { getDatabase } from "@/lib/db/client";
import {
  endpointIdOrNotFound,
  endpointNotFound,
  endpointSelect,
  toEndpointSummary,
  type WebhookEndpointSummary,
} from "./webhook-endpoint";

export interface WebhookEndpointDetail extends WebhookEndpointSummary {
  disabledAt: string | null;
  lastSuccessAt: string | null;
  /** Until when the secret rotated out keeps signing too; null when no rotation is under way. */
  previousSecretExpiresAt: string | null;
}

/** One endpoint of the workspace as its page shows it (the secret is never read back). */
export async function getEndpoint(workspaceId: string, endpointId: string): Promise<WebhookEndpointDetail> {
  const id = endpointIdOrNotFound(endpointId);
  const { prisma } = await getDatabase();
  const row = await prisma.webhookEndpoint.findFirst({
    where: { id, workspaceId },
    select: { ...endpointSelect, disabledAt: true, lastSuccessAt: true, previousSecretExpiresAt: true },
  });
  if (!row) throw endpointNotFound(endpointId);
  const rotating = row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date();
  return {
    ...toEndpointSummary(row),
    disabledAt: row.disabledAt?.toISOString() ?? null,
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    previousSecretExpiresAt: rotating ? row.previousSecretExpiresAt!.toISOString() : null,
  };
}

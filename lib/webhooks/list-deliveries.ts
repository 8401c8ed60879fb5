import { getDatabase } from "@/lib/db/client";
import { endpointIdOrNotFound, endpointNotFound } from "./webhook-endpoint";
import { webhookMessageId } from "./webhook-message";

export interface DeliveryJson {
  /** The `webhook-id` header's value. */
  messageId: string;
  type: string;
  state: "pending" | "delivered" | "failed";
  attempts: { at: string; status: number | null; durationMs: number; error: string | null }[];
}

export { webhookMessageId } from "./webhook-message";

/** An endpoint's messages, newest first, with their attempts oldest first (the CLI's `webhook deliveries`). */
export async function listDeliveries(workspaceId: string, endpointId: string, limit = 1_000): Promise<DeliveryJson[]> {
  const id = endpointIdOrNotFound(endpointId);
  const { prisma } = await getDatabase();
  const endpoint = await prisma.webhookEndpoint.findFirst({
    where: { id, workspaceId },
    select: {
      messages: {
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: limit,
        select: {
          id: true,
          eventType: true,
          state: true,
          attempts: {
            orderBy: [{ at: "asc" }, { id: "asc" }],
            select: { at: true, status: true, durationMs: true, error: true },
          },
        },
      },
    },
  });
  if (!endpoint) throw endpointNotFound(endpointId);
  return endpoint.messages.map((message) => ({
    messageId: webhookMessageId(message.id),
    type: message.eventType,
    state: message.state as DeliveryJson["state"],
    attempts: message.attempts.map((attempt) => ({
      at: attempt.at.toISOString(),
      status: attempt.status,
      durationMs: attempt.durationMs,
      error: attempt.error,
    })),
  }));
}

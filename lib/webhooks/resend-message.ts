import { getDatabase } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { wakeOutbox } from "@/lib/outbox/wake";
import { endpointIdOrNotFound, endpointNotFound } from "./webhook-endpoint";
import { messageNotFound, messageUuidOrNotFound, webhookMessageId } from "./webhook-message";

/**
 * "Resend": one more attempt of a message now, whatever its state, with the same `webhook-id` and body
 * (receivers dedupe by it). Its earlier attempts stay in the log. A message an instance is sending right
 * now (it holds the lease) is left to that attempt. Scoped to the workspace and the endpoint in the write.
 */
export async function resendMessage(workspaceId: string, endpointId: string, messageId: string): Promise<{ messageId: string }> {
  const endpoint = endpointIdOrNotFound(endpointId);
  const id = messageUuidOrNotFound(messageId);
  const { prisma } = await getDatabase();
  // now() of the database, as the dispatcher's claim compares next_attempt_at with it.
  const rows = await prisma.$queryRaw<{ endpoint: boolean; message: boolean }[]>(Prisma.sql`
    WITH endpoint AS (
      SELECT id FROM webhook_endpoints WHERE id = ${endpoint}::uuid AND workspace_id = ${workspaceId}::uuid
    ), target AS (
      SELECT m.id, m.lease_expires_at > now() AS sending FROM webhook_messages m JOIN endpoint e ON e.id = m.endpoint_id
      WHERE m.id = ${id}::uuid AND m.workspace_id = ${workspaceId}::uuid
    ), resent AS (
      UPDATE webhook_messages m SET state = 'pending', next_attempt_at = now()
      FROM target WHERE m.id = target.id AND target.sending IS NOT TRUE
      RETURNING m.id
    )
    SELECT EXISTS (SELECT 1 FROM endpoint) AS endpoint, EXISTS (SELECT 1 FROM target) AS message`);
  if (!rows[0]?.endpoint) throw endpointNotFound(endpointId);
  if (!rows[0].message) throw messageNotFound(messageId);
  wakeOutbox();
  return { messageId: webhookMessageId(id) };
}

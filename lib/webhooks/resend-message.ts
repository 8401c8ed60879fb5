import { getDatabase } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { wakeDispatcher } from "./dispatcher";
import { endpointIdOrNotFound } from "./webhook-endpoint";
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
  const rows = await prisma.$queryRaw<{ id: string; sending: boolean }[]>(Prisma.sql`
    WITH target AS (
      SELECT id, lease_expires_at > now() AS sending FROM webhook_messages
      WHERE id = ${id}::uuid AND endpoint_id = ${endpoint}::uuid AND workspace_id = ${workspaceId}::uuid
    ), resent AS (
      UPDATE webhook_messages m SET state = 'pending', next_attempt_at = now()
      FROM target WHERE m.id = target.id AND target.sending IS NOT TRUE
      RETURNING m.id
    )
    SELECT id::text, sending IS TRUE AS sending FROM target`);
  if (rows.length === 0) throw messageNotFound(messageId);
  wakeDispatcher();
  return { messageId: webhookMessageId(id) };
}

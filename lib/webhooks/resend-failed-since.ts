import { z } from "zod";
import { getDatabase } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { wakeOutbox } from "@/lib/outbox/wake";
import { parseInput } from "@/lib/validation/parse-input";
import { endpointIdOrNotFound, endpointNotFound } from "./webhook-endpoint";

export const ResendFailedInput = z.object({
  since: z.coerce.date({ error: "expected a date and time" }),
});

/**
 * "Resend failed since…": every failed message of the endpoint created at or after `since` goes back to
 * pending, due now (one more attempt each, same `webhook-id` and body). Returns how many.
 */
export async function resendFailedSince(
  workspaceId: string,
  endpointId: string,
  input: { since: Date | string },
): Promise<{ resent: number }> {
  const id = endpointIdOrNotFound(endpointId);
  const { since } = parseInput(ResendFailedInput, input, "resend");
  const { prisma } = await getDatabase();
  // One statement: the endpoint's workspace is checked in the same snapshot the messages are updated in.
  const rows = await prisma.$queryRaw<{ found: boolean; resent: number }[]>(Prisma.sql`
      WITH endpoint AS (
        SELECT id FROM webhook_endpoints WHERE id = ${id}::uuid AND workspace_id = ${workspaceId}::uuid
      ), resent AS (
        UPDATE webhook_messages m SET state = 'pending', next_attempt_at = now()
        FROM endpoint
        WHERE m.endpoint_id = endpoint.id AND m.workspace_id = ${workspaceId}::uuid
          AND m.state = 'failed' AND m.created_at >= ${since}
        RETURNING m.id
      )
      SELECT EXISTS (SELECT 1 FROM endpoint) AS found, (SELECT count(*)::int FROM resent) AS resent`);
  const row = rows[0];
  if (!row?.found) throw endpointNotFound(endpointId);
  if (row.resent > 0) wakeOutbox();
  return { resent: Number(row.resent) };
}

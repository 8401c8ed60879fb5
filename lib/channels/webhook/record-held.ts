import type { SqlExecutor } from "@/lib/db/client";
import { statement } from "@/lib/db/client";
import type { AttemptResult } from "./send-webhook";

/** A held message as its attempt ended: delivered (a 2xx), or to be written as pending (failed, or not ended). */
export interface HeldMessage {
  id: string;
  endpointId: string;
  eventId: string;
  /** Set when its attempt succeeded: the body as sent, and the answer. */
  delivered?: { body: string; result: AttemptResult };
}

/**
 * Writes a held batch's messages in the runner's transaction, before it deletes their events (which they are
 * read from here): each delivered one once, delivered, with its attempt; the others pending, claimed by
 * `owner` for `leaseMs`, with the lead as the event left it, so that they are recorded as any claimed message.
 * Messages of an endpoint deleted meanwhile are not written. Returns the ids written as delivered.
 */
export async function recordHeld(
  tx: SqlExecutor,
  messages: readonly HeldMessage[],
  lease: { owner: string; leaseMs: number },
): Promise<string[]> {
  if (messages.length === 0) return [];
  const rows = await tx.sql<{ id: string }>(
    statement(
      `/* leadlink:record-held-webhook-messages */
      WITH done AS (
        SELECT * FROM json_to_recordset($1::json)
          AS d(id uuid, endpoint_id uuid, event_id uuid, delivered boolean, body text, duration_ms int, status int, response text)
      ), messages AS (
        INSERT INTO webhook_messages (id, endpoint_id, workspace_id, event_type, lead_id, submission_id, lead_snapshot, changes,
          event_id, created_at, state, body, attempt_count, delivered_at, lease_owner, lease_expires_at)
        SELECT d.id, d.endpoint_id, ev.workspace_id, ev.type, ev.lead_id, ev.submission_id,
          CASE WHEN NOT d.delivered THEN ev.data -> 'lead' END, ev.data -> 'changes', ev.id, ev.created_at,
          CASE WHEN d.delivered THEN 'delivered' ELSE 'pending' END, CASE WHEN d.delivered THEN d.body END,
          CASE WHEN d.delivered THEN 1 ELSE 0 END, CASE WHEN d.delivered THEN now() END,
          CASE WHEN NOT d.delivered THEN $2 END,
          CASE WHEN NOT d.delivered THEN now() + make_interval(secs => $3::double precision / 1000) END
        FROM done d
        JOIN events ev ON ev.id = d.event_id
        WHERE EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.id = d.endpoint_id)
        RETURNING id, endpoint_id, state
      ), attempts AS (
        INSERT INTO webhook_attempts (id, message_id, endpoint_id, duration_ms, status, succeeded, response, error)
        SELECT gen_random_uuid(), d.id, d.endpoint_id, d.duration_ms, d.status, true, d.response, NULL
        FROM done d JOIN messages m ON m.id = d.id AND m.state = 'delivered'
      ), stamp AS (
        UPDATE webhook_endpoints SET last_success_at = now()
        WHERE id IN (SELECT endpoint_id FROM messages WHERE state = 'delivered')
          AND (last_success_at IS NULL OR last_success_at < now() - interval '1 second')
      )
      SELECT id FROM messages WHERE state = 'delivered'`,
      [
        // One JSON text, as record-deliveries.ts sends its batch.
        JSON.stringify(
          messages.map(({ id, endpointId, eventId, delivered }) => ({
            id,
            endpoint_id: endpointId,
            event_id: eventId,
            delivered: delivered !== undefined,
            body: delivered?.body ?? null,
            duration_ms: delivered?.result.durationMs ?? null,
            status: delivered?.result.status ?? null,
            response: delivered?.result.response ?? null,
          })),
        ),
        lease.owner,
        lease.leaseMs,
      ],
    ),
  );
  return rows.map((row) => row.id);
}

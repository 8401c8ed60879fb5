import type { Database, SqlExecutor } from "@/lib/db/client";
import { statement } from "@/lib/db/client";
import { writeEvents } from "@/lib/events/write-events";
import { nextRetryDelay } from "@/lib/outbox/retry-schedule";
import { recordDeliveries } from "./record-deliveries";
import { type AttemptResult, succeeded } from "./send-webhook";

/** An endpoint with no success for this long and at least FAILURES_TO_DISABLE failed attempts is disabled. */
const DAYS_TO_DISABLE = 5;
const FAILURES_TO_DISABLE = 10;

interface DisabledRow {
  id: string;
  workspace_id: string;
}

/** The endpoint.disabled event of an endpoint this transaction disabled (its admins are told: lib/channels/email). */
async function announceDisabled(tx: SqlExecutor, rows: readonly DisabledRow[]): Promise<boolean> {
  await writeEvents(
    tx,
    rows.map((row) => ({ workspaceId: row.workspace_id, type: "endpoint.disabled", endpointId: row.id })),
  );
  return rows.length > 0;
}

export type AttemptOutcome = "delivered" | "retry" | "failed" | "gone";

/**
 * Logs an attempt and moves its message on, in one transaction: delivered; failed for good (schedule used up,
 * or 410 Gone, which also disables the endpoint); or pending again after the schedule's wait (never sooner
 * than Retry-After). Then disables an endpoint that has failed for 5 days and at least 10 attempts.
 * The message's state changes only while `owner` still holds its lease.
 * Returns the outcome and whether the endpoint was disabled now.
 */
export async function recordAttempt(
  database: Database,
  message: { id: string; endpointId: string; attemptCount: number; body: string | null },
  owner: string,
  result: AttemptResult,
): Promise<{ outcome: AttemptOutcome; disabled: boolean }> {
  const attempt = message.attemptCount + 1;
  const ok = succeeded(result);
  const gone = result.status === 410;
  const delay = ok || gone ? undefined : nextRetryDelay(attempt, result.retryAfterMs);
  const outcome: AttemptOutcome = ok ? "delivered" : gone ? "gone" : delay === undefined ? "failed" : "retry";
  const state = outcome === "delivered" ? "delivered" : outcome === "retry" ? "pending" : "failed";

  if (ok && message.body !== null) {
    await recordDeliveries(database, [{ id: message.id, endpointId: message.endpointId, body: message.body, result }], owner);
    return { outcome, disabled: false };
  }

  return database.transaction(async (tx) => {
    await tx.sql(
      statement(
        `INSERT INTO webhook_attempts (id, message_id, endpoint_id, duration_ms, status, succeeded, response, error)
         VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7)`,
        [message.id, message.endpointId, result.durationMs, result.status, ok, result.response, result.error],
      ),
    );
    await tx.sql(
      statement(
        `UPDATE webhook_messages SET state = $3, attempt_count = attempt_count + 1, body = COALESCE(body, $4),
           -- Once the body is kept, the snapshot it was built from has done its work.
           lead_snapshot = CASE WHEN $4::text IS NULL THEN lead_snapshot END,
           next_attempt_at = CASE WHEN $5::double precision IS NULL THEN next_attempt_at ELSE now() + make_interval(secs => $5::double precision / 1000) END,
           delivered_at = CASE WHEN $3 = 'delivered' THEN now() END, lease_owner = NULL, lease_expires_at = NULL
         WHERE id = $1 AND lease_owner = $2`,
        [message.id, owner, state, message.body, delay ?? null],
      ),
    );
    if (gone) {
      const rows = await tx.sql<DisabledRow>(
        statement(
          `UPDATE webhook_endpoints SET enabled = false, disabled_reason = 'gone', disabled_at = now(), updated_at = now()
           WHERE id = $1 AND enabled RETURNING id, workspace_id`,
          [message.endpointId],
        ),
      );
      return { outcome, disabled: await announceDisabled(tx, rows) };
    }
    const rows = await tx.sql<DisabledRow>(
      statement(
        `UPDATE webhook_endpoints e SET enabled = false, disabled_reason = 'failing', disabled_at = now(), updated_at = now()
         WHERE e.id = $1 AND e.enabled
           AND COALESCE(e.last_success_at, e.created_at) < now() - make_interval(days => $2)
           AND (SELECT count(*) FROM (SELECT 1 FROM webhook_attempts a
                WHERE a.endpoint_id = e.id AND NOT a.succeeded AND a.at > COALESCE(e.last_success_at, '-infinity'::timestamptz)
                LIMIT $3) failures) >= $3
         RETURNING e.id, e.workspace_id`,
        [message.endpointId, DAYS_TO_DISABLE, FAILURES_TO_DISABLE],
      ),
    );
    return { outcome, disabled: await announceDisabled(tx, rows) };
  });
}

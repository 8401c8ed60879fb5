import type { SqlExecutor } from "@/lib/db/client";
import { statement } from "@/lib/db/client";

export type EmailKind =
  | "new_lead"
  | "lead_assigned"
  | "response_overdue"
  | "digest"
  | "endpoint_disabled"
  | "invitation"
  | "password_reset";

/** A claimed email with what rendering it needs. */
export interface ClaimedEmail {
  id: string;
  kind: EmailKind;
  workspace_id: string | null;
  user_id: string | null;
  to_address: string | null;
  lead_id: string | null;
  submission_id: string | null;
  /** A new-lead email's lead as created (lib/leads/lead-snapshot.ts). */
  lead_snapshot: unknown;
  endpoint_id: string | null;
  digest_day: Date | string | null;
  sealed_token: string | null;
  attempt_count: number;
  created_at: Date;
}

/**
 * Claims due emails exactly as claimMessages (lib/channels/webhook/claim-messages.ts) claims webhook messages: a
 * lease, `FOR UPDATE SKIP LOCKED`, and another instance takes a dead one's claims over once they expire.
 */
export async function claimEmails(database: SqlExecutor, owner: string, limit: number, leaseMs: number): Promise<ClaimedEmail[]> {
  return database.sql<ClaimedEmail>(
    statement(
      `/* leadlink:claim-email-messages */
      UPDATE email_messages m SET lease_owner = $1, lease_expires_at = now() + make_interval(secs => $3::double precision / 1000)
      FROM (
        SELECT c.id FROM email_messages c
        WHERE c.state = 'pending' AND c.next_attempt_at <= now() AND (c.lease_expires_at IS NULL OR c.lease_expires_at < now())
        ORDER BY c.next_attempt_at
        LIMIT $2
        FOR UPDATE OF c SKIP LOCKED
      ) d
      WHERE m.id = d.id
      RETURNING m.id, m.kind, m.workspace_id, m.user_id, m.to_address, m.lead_id, m.submission_id, m.lead_snapshot,
        m.endpoint_id, m.digest_day, m.sealed_token, m.attempt_count, m.created_at`,
      [owner, limit, leaseMs],
    ),
  );
}

/**
 * Logs an attempt's result on the message and moves it on, only while `owner` holds its lease: delivered,
 * pending again after `retryInMs`, or failed for good (no retry left, or nothing to send any more). A link
 * token leaves the outbox once the message is settled.
 */
export async function recordEmailAttempt(
  database: SqlExecutor,
  id: string,
  owner: string,
  result: { state: "delivered" | "pending" | "failed"; retryInMs?: number; error?: string },
): Promise<void> {
  await database.sql(
    statement(
      `UPDATE email_messages SET state = $3, attempt_count = attempt_count + 1, last_error = $4,
         next_attempt_at = CASE WHEN $5::double precision IS NULL THEN next_attempt_at ELSE now() + make_interval(secs => $5::double precision / 1000) END,
         delivered_at = CASE WHEN $3 = 'delivered' THEN now() END,
         sealed_token = CASE WHEN $3 = 'pending' THEN sealed_token END,
         lead_snapshot = CASE WHEN $3 = 'pending' THEN lead_snapshot END,
         lease_owner = NULL, lease_expires_at = NULL
       WHERE id = $1 AND lease_owner = $2`,
      [id, owner, result.state, result.error ?? null, result.retryInMs ?? null],
    ),
  );
}

/** Gives back what `owner` still holds (a stopping instance). */
export async function releaseEmails(database: SqlExecutor, owner: string): Promise<void> {
  await database.sql(
    statement(
      `UPDATE email_messages SET lease_owner = NULL, lease_expires_at = NULL WHERE lease_owner = $1 AND state = 'pending'`,
      [owner],
    ),
  );
}

/** Every lease (embedded mode, at start: the last run died). */
export async function releaseAllEmails(database: SqlExecutor): Promise<void> {
  await database.sql(
    statement(
      `UPDATE email_messages SET lease_owner = NULL, lease_expires_at = NULL WHERE lease_owner IS NOT NULL AND state = 'pending'`,
    ),
  );
}

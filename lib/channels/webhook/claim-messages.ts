import type { SqlExecutor } from "@/lib/db/client";
import { statement } from "@/lib/db/client";

/** A claimed message with what sending it needs. */
export interface ClaimedMessage {
  id: string;
  endpoint_id: string;
  workspace_id: string;
  event_type: string;
  lead_id: string | null;
  submission_id: string | null;
  body: string | null;
  /** The lead as the event left it, until the body is built from it (lib/leads/lead-snapshot.ts). */
  lead_snapshot: unknown;
  /** A lead.updated made by a person: what changed, as its event fixed it. */
  changes: unknown;
  test: boolean;
  attempt_count: number;
  created_at: Date;
  /** A held message's event (lib/outbox/hold-events.ts). */
  event_id?: string;
  kind: "webhook" | "slack" | "telegram";
  url: string;
  /** A Telegram endpoint's (lib/channels/telegram/). */
  bot_token: string | null;
  chat_id: string | null;
  headers: { name: string; value: string }[] | string;
  secret: string;
  previous_secret: string | null;
}

/**
 * Claims up to `limit` due messages for `owner` for `leaseMs`: `FOR UPDATE SKIP LOCKED`, so instances
 * polling together each take different rows, and a lease, so that the messages of an instance that died
 * mid-attempt are taken over by another once it expires. Messages of disabled endpoints wait.
 */
export async function claimMessages(
  database: SqlExecutor,
  owner: string,
  limit: number,
  leaseMs: number,
): Promise<ClaimedMessage[]> {
  return database.sql<ClaimedMessage>(
    statement(
      `/* leadlink:claim-webhook-messages */
      UPDATE webhook_messages m SET lease_owner = $1, lease_expires_at = now() + make_interval(secs => $3::double precision / 1000)
      FROM (
        SELECT c.id, e.kind, e.url, e.headers, e.secret, e.bot_token, e.chat_id,
          CASE WHEN e.previous_secret_expires_at > now() THEN e.previous_secret END AS previous_secret
        FROM webhook_messages c
        JOIN webhook_endpoints e ON e.id = c.endpoint_id AND e.enabled
        WHERE c.state = 'pending' AND c.next_attempt_at <= now() AND (c.lease_expires_at IS NULL OR c.lease_expires_at < now())
        ORDER BY c.next_attempt_at
        LIMIT $2
        FOR UPDATE OF c SKIP LOCKED
      ) d
      WHERE m.id = d.id
      RETURNING m.id, m.endpoint_id, m.workspace_id, m.event_type, m.lead_id, m.submission_id, m.body, m.lead_snapshot, m.changes, m.test,
        m.attempt_count, m.created_at, d.kind, d.url, d.headers, d.secret, d.previous_secret, d.bot_token, d.chat_id`,
      [owner, limit, leaseMs],
    ),
  );
}

/** Gives back what `owner` still holds (a stopping instance): another instance, or this one restarted, sends it. */
export async function releaseMessages(database: SqlExecutor, owner: string): Promise<void> {
  await database.sql(
    statement(
      `UPDATE webhook_messages SET lease_owner = NULL, lease_expires_at = NULL WHERE lease_owner = $1 AND state = 'pending'`,
      [owner],
    ),
  );
}

/** Every lease, when this process is the only one that can hold any (embedded mode, at start: the last run died). */
export async function releaseAllMessages(database: SqlExecutor): Promise<void> {
  await database.sql(
    statement(
      `UPDATE webhook_messages SET lease_owner = NULL, lease_expires_at = NULL WHERE lease_owner IS NOT NULL AND state = 'pending'`,
    ),
  );
}

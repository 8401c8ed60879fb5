import type { AttemptResult } from "@/lib/channels/webhook/send-webhook";
import { type Database, type SqlExecutor, statement } from "@/lib/db/client";
import { whatsappSettings } from "@/lib/env";
import type { Channel, OutboxItem } from "@/lib/outbox/channel";
import { nextRetryDelay } from "@/lib/outbox/retry-schedule";
import { formatPhone } from "@/lib/phone/format-phone";
import { workspaceLanguage } from "@/lib/workspaces/message-language";
import { expandWhatsappSql } from "./expand-whatsapp";
import { sendWhatsapp } from "./send-whatsapp";

/** A claimed WhatsApp message: its recipient and the template's parameters, fixed when it was written. */
export interface WhatsappItem extends OutboxItem {
  id: string;
  workspaceId: string;
  to: string;
  leadName: string;
  leadPhone: string;
  leadUrl: string;
  /** The template it is sent with; null: WHATSAPP_TEMPLATE's (a new lead's). */
  template: string | null;
  attemptCount: number;
}

interface WhatsappRow {
  id: string;
  workspace_id: string;
  to_number: string;
  lead_name: string | null;
  lead_phone: string | null;
  lead_url: string | null;
  template: string | null;
  attempt_count: number;
}

/**
 * Logs an attempt on the message and moves it on, only while `owner` holds its lease: delivered; pending
 * again after the schedule's wait (never sooner than Retry-After); or failed for good. Once settled, the
 * lead's name and phone leave the queue (as a settled email's lead snapshot does): nothing sends them any more.
 */
async function recordAttempt(database: SqlExecutor, item: WhatsappItem, owner: string, result: AttemptResult): Promise<void> {
  const ok = result.error === null && result.status !== null && result.status >= 200 && result.status < 300;
  const delay = ok ? undefined : nextRetryDelay(item.attemptCount + 1, result.retryAfterMs);
  const state = ok ? "delivered" : delay === undefined ? "failed" : "pending";
  const error = ok ? null : (result.error ?? `HTTP ${result.status}`);
  await database.sql(
    statement(
      `/* leadlink:whatsapp-record-attempt */
      UPDATE whatsapp_messages SET state = $3, attempt_count = attempt_count + 1, last_error = $4,
        next_attempt_at = CASE WHEN $5::double precision IS NULL THEN next_attempt_at ELSE now() + make_interval(secs => $5::double precision / 1000) END,
        delivered_at = CASE WHEN $3 = 'delivered' THEN now() END,
        lead_name = CASE WHEN $3 = 'pending' THEN lead_name END, lead_phone = CASE WHEN $3 = 'pending' THEN lead_phone END,
        lease_owner = NULL, lease_expires_at = NULL
      WHERE id = $1 AND lease_owner = $2`,
      [item.id, owner, state, error, delay ?? null],
    ),
  );
}

/**
 * The WhatsApp channel (DESIGN.md section 14): a template message per opted-in member and new lead, queued in
 * `whatsapp_messages` from the lead.created event (expand-whatsapp.ts), sent through the Cloud API in the workspace's
 * language. Claimed like emails (a lease, `FOR UPDATE SKIP LOCKED`), retried on section 7's schedule.
 */
export const whatsappChannel: Channel<WhatsappItem> = {
  name: "whatsapp",
  expandSql: expandWhatsappSql,

  async claim(database: Database, owner: string, limit: number, leaseMs: number): Promise<WhatsappItem[]> {
    // Without WhatsApp on this server nothing is queued, and what was queued waits for it to come back.
    if (!whatsappSettings()) return [];
    const rows = await database.sql<WhatsappRow>(
      statement(
        `/* leadlink:claim-whatsapp-messages */
        UPDATE whatsapp_messages m SET lease_owner = $1, lease_expires_at = now() + make_interval(secs => $3::double precision / 1000)
        FROM (
          SELECT c.id FROM whatsapp_messages c
          WHERE c.state = 'pending' AND c.next_attempt_at <= now() AND (c.lease_expires_at IS NULL OR c.lease_expires_at < now())
          ORDER BY c.next_attempt_at
          LIMIT $2
          FOR UPDATE OF c SKIP LOCKED
        ) d
        WHERE m.id = d.id
        RETURNING m.id, m.workspace_id, m.to_number, m.lead_name, m.lead_phone, m.lead_url, m.template, m.attempt_count`,
        [owner, limit, leaseMs],
      ),
    );
    return rows.map((row) => ({
      key: `whatsapp:${row.id}`,
      id: row.id,
      workspaceId: row.workspace_id,
      to: row.to_number,
      leadName: row.lead_name ?? "—",
      // Stored as the lead's E.164 digits; shown as on screen (+55 11 98765-4321).
      leadPhone: row.lead_phone ? formatPhone(row.lead_phone) : "—",
      leadUrl: row.lead_url ?? "—",
      template: row.template,
      attemptCount: row.attempt_count,
    }));
  },

  async deliver(database, item, context): Promise<void> {
    const settings = whatsappSettings();
    let result: AttemptResult;
    if (!settings) {
      // Turned off since the message was written: a failed attempt, retried (it may be turned on again).
      result = { status: null, durationMs: 0, response: null, error: "WhatsApp is not configured on this server" };
    } else {
      const language = await workspaceLanguage(database, item.workspaceId);
      result = await sendWhatsapp({
        apiUrl: settings.apiUrl,
        token: settings.token,
        phoneNumberId: settings.phoneNumberId,
        to: item.to,
        template: item.template ?? settings.template,
        language,
        parameters: [item.leadName, item.leadPhone, item.leadUrl],
        signal: context.signal,
      });
    }
    if (context.signal.aborted) return; // the runner is stopping: the message is released, not counted as a failure
    await recordAttempt(database, item, context.owner, result);
  },

  async release(database: Database, owner: string): Promise<void> {
    await database.sql(
      statement(
        `UPDATE whatsapp_messages SET lease_owner = NULL, lease_expires_at = NULL WHERE lease_owner = $1 AND state = 'pending'`,
        [owner],
      ),
    );
  },

  async releaseAll(database: Database): Promise<void> {
    await database.sql(
      statement(
        `UPDATE whatsapp_messages SET lease_owner = NULL, lease_expires_at = NULL WHERE lease_owner IS NOT NULL AND state = 'pending'`,
      ),
    );
  },
};

import { Prisma } from "@/lib/db/generated/client";

/**
 * A message's id, from its event's and its endpoint's: the same whenever the event is expanded (a held batch
 * rolled back delivers it again under the same `webhook-id`, lib/outbox/hold-events.ts). An MD5 shaped as a
 * version-4 UUID, as ids are checked wherever they are read back (the API, the resend action).
 */
const MESSAGE_ID = `overlay(overlay(md5(ev.id::text || e.id::text) placing '4' from 13) placing '8' from 17)::uuid`;

/**
 * Who hears of an event among webhook endpoints (HTTP, Slack, Telegram): every enabled endpoint of the event's
 * workspace that takes its type and, unless it takes every link, its link (a lead's erasure reaches every
 * endpoint that takes lead.erased: erasure has no link).
 */
const SUBSCRIBERS = `
    FROM ev
    JOIN webhook_endpoints e ON e.workspace_id = ev.workspace_id AND e.enabled AND ev.type = ANY (e.events)
      -- An endpoint hears of what happens once it exists, not of events still waiting when it was created.
      AND e.created_at <= ev.created_at
      AND (ev.type = 'lead.erased' OR cardinality(e.link_ids) = 0 OR ev.capture_link_id = ANY (e.link_ids))`;

/**
 * The events' messages, queued. A message carries the lead and the changes as the event fixed them, and the
 * event's time, so every attempt and every resend says the same (DESIGN.md 7, 14).
 */
export function expandWebhooksSql(): Prisma.Sql {
  return Prisma.raw(`
    INSERT INTO webhook_messages (id, endpoint_id, workspace_id, event_type, lead_id, submission_id, lead_snapshot, changes,
      event_id, created_at)
    SELECT ${MESSAGE_ID}, e.id, ev.workspace_id, ev.type, ev.lead_id, ev.submission_id, ev.data -> 'lead',
      ev.data -> 'changes', ev.id, ev.created_at
    ${SUBSCRIBERS}`);
}

/** The events' messages, held (lib/outbox/hold-events.ts): as claim-messages.ts gives a first attempt's. */
export function heldWebhooksSql(): Prisma.Sql {
  return Prisma.raw(`
    SELECT ${MESSAGE_ID} AS id, e.id AS endpoint_id, ev.workspace_id, ev.type AS event_type, ev.lead_id, ev.submission_id,
      NULL::text AS body, ev.data -> 'lead' AS lead_snapshot, ev.data -> 'changes' AS changes, false AS test,
      0 AS attempt_count, ev.created_at, ev.id AS event_id, e.kind, e.url, e.headers, e.secret,
      CASE WHEN e.previous_secret_expires_at > now() THEN e.previous_secret END AS previous_secret, e.bot_token, e.chat_id
    ${SUBSCRIBERS}`);
}

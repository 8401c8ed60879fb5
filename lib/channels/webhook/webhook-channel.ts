import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { sendTelegram } from "@/lib/channels/telegram";
import type { Database } from "@/lib/db/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { batchWrites } from "@/lib/outbox/batch-writes";
import type { Channel, DeliveryContext, OutboxItem } from "@/lib/outbox/channel";
import type { HeldBatch } from "@/lib/outbox/held-batch";
import { recordWithRetries } from "@/lib/outbox/record-with-retries";
import { wakeOutbox } from "@/lib/outbox/wake";
import { loadMessageContents, type MessageContent, slackBody, webhookBody } from "@/lib/webhooks/build-message";
import { notifyEndpointDisabled } from "@/lib/webhooks/endpoint-disabled";
import type { WebhookHeader } from "@/lib/webhooks/endpoint-input";
import { telegramText } from "@/lib/webhooks/telegram-text";
import { webhookMessageId } from "@/lib/webhooks/webhook-message";
import { workspaceLanguage } from "@/lib/workspaces/message-language";
import { type ClaimedMessage, claimMessages, releaseAllMessages, releaseMessages } from "./claim-messages";
import { expandWebhooksSql, heldWebhooksSql } from "./expand-webhooks";
import { recordAttempt } from "./record-attempt";
import { type Delivery, recordDeliveries } from "./record-deliveries";
import { type HeldMessage, recordHeld } from "./record-held";
import { type AttemptResult, sendWebhook, succeeded } from "./send-webhook";

/** A claimed webhook message (HTTP or Slack endpoint) and, for a first attempt, its content being read with its batch's. */
export interface WebhookItem extends OutboxItem {
  readonly message: ClaimedMessage;
  readonly content: Promise<MessageContent | Error> | undefined;
  /** Set for a message of a held batch (lib/outbox/hold-events.ts): its attempt's end is reported there. */
  readonly batch?: HeldBatch<Attempted>;
}

/** An attempt as made: the body sent (null when none could be built) and its result. */
interface Attempted {
  body: string | null;
  result: AttemptResult;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What the first attempts of a claimed batch are about, read together (one query per table, not per message). */
function loadContents(database: Database, messages: readonly ClaimedMessage[]): Map<string, Promise<MessageContent | Error>> {
  const first = messages.filter((message) => message.body === null);
  if (first.length === 0) return new Map();
  const loaded = loadMessageContents(
    database,
    first.map((message) => ({
      workspaceId: message.workspace_id,
      eventType: message.event_type,
      leadId: message.lead_id,
      submissionId: message.submission_id,
      leadSnapshot: message.lead_snapshot,
      changes: message.changes,
      createdAt: message.created_at,
    })),
  );
  // Each delivery awaits its own entry; a failed read fails each of them as their own read would have.
  loaded.catch(() => {});
  return new Map(first.map((message, index) => [message.id, loaded.then((contents) => contents[index]!)]));
}

/** Claimed (or held) messages as the runner's items, their first attempts' contents read together. */
function itemsOf(database: Database, messages: readonly ClaimedMessage[], batch?: HeldBatch<Attempted>): WebhookItem[] {
  const contents = messages.length > 0 ? loadContents(database, messages) : new Map();
  return messages.map((message) => ({ key: `webhook:${message.id}`, message, content: contents.get(message.id), batch }));
}

/** One attempt at one message: the body built (first attempt) or as stored, signed and posted. */
async function attempt(database: Database, item: WebhookItem, signal: AbortSignal): Promise<Attempted> {
  const { message } = item;
  let body = message.body;
  try {
    if (body === null) {
      const content = await item.content!;
      if (content instanceof Error) throw content;
      body =
        message.kind === "telegram"
          ? telegramText(content, await workspaceLanguage(database, message.workspace_id))
          : message.kind === "slack"
            ? slackBody(content, await workspaceLanguage(database, message.workspace_id))
            : webhookBody(content, message.test);
    }
    if (message.kind === "telegram") {
      // A Telegram endpoint's address is the server's (TELEGRAM_API_URL), never the user's: no SSRF guard needed.
      const telegram = { botToken: message.bot_token ?? "", chatId: message.chat_id ?? "", text: body };
      return { body, result: await sendTelegram({ apiUrl: env().TELEGRAM_API_URL, ...telegram, signal }) };
    }
    const headers = (typeof message.headers === "string" ? JSON.parse(message.headers) : message.headers) as WebhookHeader[];
    const secrets =
      message.kind === "slack" ? [] : [message.secret, ...(message.previous_secret ? [message.previous_secret] : [])];
    const messageId = webhookMessageId(message.id);
    return { body, result: await sendWebhook({ url: message.url, messageId, body, secrets, headers, signal }) };
  } catch (error) {
    // Nothing could be sent (the lead is gone, the content could not be read, the stored headers do not
    // parse): a failed attempt all the same, recorded with its reason and retried on the schedule. Left
    // unrecorded, the message would stay pending, claimed again and again, with no attempt to show why.
    return { body, result: { status: null, durationMs: 0, response: null, error: errorText(error) } };
  }
}

/**
 * An endpoint Leadlink just disabled (410 Gone, or failing for 5 days): the links' `hasListeners` cache
 * forgets its workspace, and this process's endpoint-disabled listeners hear of it. Its admins are told by the
 * endpoint.disabled event written with the change (record-attempt.ts), which the runner expands next.
 */
function endpointDisabled(message: ClaimedMessage, reason: "gone" | "failing"): void {
  invalidateCaptureLinks(message.workspace_id);
  wakeOutbox();
  log.warn(
    { endpointId: message.endpoint_id, reason: reason === "gone" ? "410 Gone" : "failing for 5 days" },
    "webhook endpoint disabled",
  );
  notifyEndpointDisabled({ workspaceId: message.workspace_id, endpointId: message.endpoint_id, reason }, (error) =>
    log.error({ err: errorText(error), endpointId: message.endpoint_id }, "endpoint-disabled listener failed"),
  );
}

/**
 * The webhook channel: messages of webhook_messages to HTTP endpoints (signed, Standard Webhooks) and to Slack
 * incoming webhooks (a readable message), one queue for both kinds (DESIGN.md section 7).
 */
export function webhookChannel(): Channel<WebhookItem, Attempted> {
  /** Successful attempts whose batch is still being written (their slots are already free). */
  const recording = new Set<Promise<void>>();
  // Successful attempts, the usual case, are recorded together: one statement for those that finished while
  // the previous batch was being written. Each message keeps its lease until its batch is in. One batcher per
  // runner (owner): in practice one.
  const batchers = new Map<string, (delivery: Delivery) => Promise<void>>();
  function batcher(database: Database, owner: string): (delivery: Delivery) => Promise<void> {
    let add = batchers.get(owner);
    if (!add) {
      add = batchWrites<Delivery>((deliveries) => recordWithRetries(() => recordDeliveries(database, deliveries, owner)));
      batchers.set(owner, add);
    }
    return add;
  }

  return {
    name: "webhook",
    expandSql: expandWebhooksSql,
    held: {
      selectSql: heldWebhooksSql,
      items: (database, rows, batch) => itemsOf(database, rows as ClaimedMessage[], batch),
      async settle(tx, items, ended, lease) {
        const messages = items.map(({ key, message }): HeldMessage => {
          const attempted = ended.get(key);
          const delivered =
            attempted && succeeded(attempted.result) ? { body: attempted.body ?? "", result: attempted.result } : undefined;
          return { id: message.id, endpointId: message.endpoint_id, eventId: message.event_id!, delivered };
        });
        const delivered = await recordHeld(tx, messages, lease);
        return new Set(delivered.map((id) => `webhook:${id}`));
      },
    },
    async claim(database, owner, limit, leaseMs) {
      return itemsOf(database, await claimMessages(database, owner, limit, leaseMs));
    },
    async deliver(database, item: WebhookItem, { owner, signal }: DeliveryContext) {
      const { message } = item;
      const attempted = await attempt(database, item, signal);
      const { body, result } = attempted;
      if (item.batch) {
        // A held message: its batch writes it as it ended, or, when it failed or ended after the batch closed,
        // as a claimed pending message, recorded below as any other. A rolled-back batch wrote nothing: its
        // event comes back, to be delivered again under the same id.
        const settlement = item.batch.report(item.key, signal.aborted ? undefined : attempted);
        if (succeeded(result) && !signal.aborted) {
          const recorded: Promise<void> = settlement
            .then((how) =>
              how === "record"
                ? batcher(database, owner)({ id: message.id, endpointId: message.endpoint_id, body: body ?? "", result })
                : undefined,
            )
            .catch((error: unknown) =>
              log.warn({ err: errorText(error), messageId: message.id }, "webhook attempt not recorded; it will be sent again"),
            )
            .finally(() => recording.delete(recorded));
          recording.add(recorded);
          return;
        }
        try {
          if ((await settlement) === "settled") return;
        } catch {
          return;
        }
      }
      if (signal.aborted) return; // the runner is stopping: the message is released, not counted as a failure
      if (succeeded(result)) {
        // The slot is free once the attempt is made: the message's lease keeps it from being claimed again
        // until its batch is recorded, so claiming need not wait for that write; flush() does, before the
        // runner gives the leases back.
        const recorded: Promise<void> = batcher(
          database,
          owner,
        )({
          id: message.id,
          endpointId: message.endpoint_id,
          body: body ?? "",
          result,
        })
          .catch((error: unknown) =>
            log.error({ err: errorText(error), messageId: message.id }, "webhook attempt could not be recorded"),
          )
          .finally(() => recording.delete(recorded));
        recording.add(recorded);
        return;
      }
      const { outcome, disabled } = await recordWithRetries(() =>
        recordAttempt(
          database,
          // No body when none could be built (the content could not be read): the next attempt tries again.
          { id: message.id, endpointId: message.endpoint_id, attemptCount: message.attempt_count, body },
          owner,
          result,
        ),
      );
      if (disabled) endpointDisabled(message, outcome === "gone" ? "gone" : "failing");
    },
    release: (database, owner) => releaseMessages(database, owner),
    releaseAll: (database) => releaseAllMessages(database),
    async flush() {
      await Promise.all(recording);
    },
  };
}

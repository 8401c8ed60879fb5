import { randomBytes } from "node:crypto";
import os from "node:os";
import { workspaceLanguage } from "@/lib/channels/message-language";
import { sendTelegram, telegramText } from "@/lib/channels/telegram";
import { whatsappChannel } from "@/lib/channels/whatsapp/whatsapp-channel";
import type { Database } from "@/lib/db/client";
import { openPool } from "@/lib/db/pg-database";
import { env, whatsappSettings } from "@/lib/env";
import { invalidateCaptureLinks } from "@/lib/links/link-cache";
import { log } from "@/lib/log";
import { deliverEmail } from "@/lib/mail/deliver-email";
import { claimEmails, releaseAllEmails, releaseEmails } from "@/lib/mail/email-outbox";
import { enqueueDigests } from "@/lib/mail/enqueue-digests";
import { mailEnabled } from "@/lib/mail/mail-config";
import { notifyEndpointDisabled as emailEndpointDisabled } from "@/lib/mail/notify-endpoint-disabled";
import { processSingleton } from "@/lib/process-singleton";
import { batchWrites } from "./batch-writes";
import { loadMessageContents, type MessageContent, slackBody, webhookBody } from "./build-message";
import { type ClaimedMessage, claimMessages, releaseAllMessages, releaseMessages } from "./claim-messages";
import { notifyEndpointDisabled } from "./endpoint-disabled";
import type { WebhookHeader } from "./endpoint-input";
import { webhookMessageId } from "./list-deliveries";
import { recordAttempt } from "./record-attempt";
import { type Delivery, recordDeliveries } from "./record-deliveries";
import { type AttemptResult, sendWebhook, succeeded } from "./send-webhook";

export interface DispatcherOptions {
  /** How often to look for due messages written by other instances (this one's are sent at once). */
  pollMs?: number;
  /** Attempts in flight at once; new ones are claimed in batches of at least half of this (see loop()). */
  concurrency?: number;
  /**
   * After a claim that found fewer due messages than free slots, how long the next one waits, so that the
   * messages written meanwhile (each wakes the dispatcher) are claimed, read and recorded together.
   */
  gatherMs?: number;
  /** How long a claim lasts: longer than an attempt (10 s), so that only a dead instance's claims expire. */
  leaseMs?: number;
  /** How long stop() lets in-flight attempts finish before it aborts them and gives their messages back. */
  drainMs?: number;
  /** How often to write the digests that fell due (lib/mail/enqueue-digests.ts); the clock for tests. */
  digestEveryMs?: number;
  /** Connections of its own in server mode (0: the shared pool's). */
  poolSize?: number;
  now?: () => Date;
}

export interface Dispatcher {
  readonly owner: string;
  /** Look for due messages now (this process just wrote one). */
  wake(): void;
  stop(): Promise<void>;
}

const slot = processSingleton<{ current?: Dispatcher }>("webhook-dispatcher", () => ({}));

/** Tells this process's dispatcher, if it runs, that a message was just written. */
export function wakeDispatcher(): void {
  slot.current?.wake();
}

/** Makes wakeDispatcher() wake this one: the server's handle on a dispatcher in a child process (dispatcher-process.ts). */
export function useDispatcher(dispatcher: Dispatcher | undefined): void {
  slot.current = dispatcher;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Records an attempt, trying again through a passing database error (a busy pool, a query timeout): a
 * message sent but not recorded would be sent again once its lease expires, a duplicate the receiver must
 * then drop. The transaction is all or nothing, so trying again is safe.
 */
async function recordWithRetries<T>(record: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await record();
    } catch (error) {
      if (attempt >= RECORD_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
    }
  }
}

const RECORD_ATTEMPTS = 6;

function sleep(ms: number, signal: { wake?: () => void }): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.wake = undefined;
      resolve();
    }
    signal.wake = done;
  });
}

/**
 * Starts delivering webhook messages from the outbox: polls for due ones (and is woken when this process
 * writes one), claims them with a lease, sends each, logs the attempt. Any number of instances may run one
 * on the same database. In embedded mode this process is the only possible owner of a claim, so claims
 * left by a previous run that died are released at once rather than after their lease.
 */
export function startDispatcher(shared: Database, options: DispatcherOptions = {}): Dispatcher {
  // Server mode: connections of the dispatcher's own, so that its claims, reads and records do not wait in the
  // shared pool's queue behind ingest's requests (under load each wait lasts about as long as a request, and
  // a batch makes three in a row). The embedded engine serves one statement at a time whatever the pool.
  const poolSize = options.poolSize ?? 4;
  const own =
    shared.kind === "postgres" && poolSize > 0 ? openPool("postgres", shared.connection, poolSize, async () => {}) : undefined;
  const database = own ?? shared;
  // Embedded: every message is written by this process, which wakes the dispatcher itself; the poll only
  // picks up retries that fell due. PostgreSQL: other instances' messages are found by the poll.
  const pollMs = options.pollMs ?? (database.kind === "embedded" ? 1_000 : 200);
  const concurrency = options.concurrency ?? 64;
  const gatherMs = options.gatherMs ?? 50;
  const leaseMs = options.leaseMs ?? 30_000;
  const drainMs = options.drainMs ?? 3_000;
  const digestEveryMs = options.digestEveryMs ?? 60_000;
  const now = options.now ?? (() => new Date());
  let digestsAt = 0;
  const owner = `${os.hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const inFlight = new Map<string, { promise: Promise<void>; abort: AbortController }>();
  /** Successful attempts whose batch is still being written (their slots are already free). */
  const recording = new Set<Promise<void>>();
  const signal: { wake?: () => void } = {};
  let woken = false;
  let gathering = false;
  let stopping = false;
  let claimFailing = false;
  // Successful attempts, the usual case, are recorded together: one statement for those that finished while
  // the previous batch was being written. Each message keeps its slot (and its lease) until its batch is in.
  const recordDelivery = batchWrites<Delivery>((deliveries) =>
    recordWithRetries(() => recordDeliveries(database, deliveries, owner)),
  );

  /** What the first attempts of a claimed batch are about, read together (one query per table, not per message). */
  function loadContents(messages: readonly ClaimedMessage[]): Map<string, Promise<MessageContent | Error>> {
    const first = messages.filter((message) => message.body === null);
    const loaded = loadMessageContents(
      database,
      first.map((message) => ({
        workspaceId: message.workspace_id,
        eventType: message.event_type,
        leadId: message.lead_id,
        submissionId: message.submission_id,
        leadSnapshot: message.lead_snapshot,
        createdAt: message.created_at,
      })),
    );
    // Each delivery awaits its own entry; a failed read fails each of them as their own read would have.
    loaded.catch(() => {});
    return new Map(first.map((message, index) => [message.id, loaded.then((contents) => contents[index]!)]));
  }

  async function deliver(
    message: ClaimedMessage,
    abort: AbortController,
    loading: Promise<MessageContent | Error> | undefined,
  ): Promise<void> {
    const messageId = webhookMessageId(message.id);
    let body = message.body;
    let result: AttemptResult;
    try {
      if (body === null) {
        const content = await loading!;
        if (content instanceof Error) throw content;
        body =
          message.kind === "telegram"
            ? telegramText(content, await workspaceLanguage(database, message.workspace_id))
            : message.kind === "slack"
              ? slackBody(content)
              : webhookBody(content, message.test);
      }
      if (message.kind === "telegram") {
        const telegram = { botToken: message.bot_token ?? "", chatId: message.chat_id ?? "", text: body };
        result = await sendTelegram({ apiUrl: env().TELEGRAM_API_URL, ...telegram, signal: abort.signal });
      } else {
        const headers = (typeof message.headers === "string" ? JSON.parse(message.headers) : message.headers) as WebhookHeader[];
        const secrets =
          message.kind === "slack" ? [] : [message.secret, ...(message.previous_secret ? [message.previous_secret] : [])];
        result = await sendWebhook({ url: message.url, messageId, body, secrets, headers, signal: abort.signal });
      }
    } catch (error) {
      // Nothing could be sent (the lead is gone, the content could not be read, the stored headers do not
      // parse): a failed attempt all the same, recorded with its reason and retried on the schedule. Left
      // unrecorded, the message would stay pending, claimed again and again, with no attempt to show why.
      result = { status: null, durationMs: 0, response: null, error: errorText(error) };
    }
    if (abort.signal.aborted) return; // stop(): the message is released, not counted as a failure
    if (succeeded(result)) {
      // The slot is free once the attempt is made: the message's lease keeps it from being claimed again
      // until its batch is recorded, so claiming need not wait for that write; stop() does, before it
      // gives the leases back.
      const recorded: Promise<void> = recordDelivery({
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
    if (disabled) {
      invalidateCaptureLinks(message.workspace_id);
      await emailEndpointDisabled(database, message.workspace_id, message.endpoint_id).catch((error: unknown) =>
        log.error({ err: errorText(error), endpointId: message.endpoint_id }, "could not email the endpoint's admins"),
      );
      log.warn(
        { endpointId: message.endpoint_id, reason: outcome === "gone" ? "410 Gone" : "failing for 5 days" },
        "webhook endpoint disabled",
      );
      notifyEndpointDisabled(
        { workspaceId: message.workspace_id, endpointId: message.endpoint_id, reason: outcome === "gone" ? "gone" : "failing" },
        (error) => log.error({ err: errorText(error), endpointId: message.endpoint_id }, "endpoint-disabled listener failed"),
      );
    }
  }

  async function loop(): Promise<void> {
    if (database.kind === "embedded") {
      await releaseAllMessages(database).catch(() => {});
      await releaseAllEmails(database).catch(() => {});
      await whatsappChannel.releaseAll(database).catch(() => {});
    }
    while (!stopping) {
      woken = false;
      let claimed: ClaimedMessage[] = [];
      let emails: Awaited<ReturnType<typeof claimEmails>> = [];
      let whatsapps: Awaited<ReturnType<typeof whatsappChannel.claim>> = [];
      const free = concurrency - inFlight.size;
      let claiming = false;
      // Claimed in batches: a claim (and the batch's reads) per message would cost the thread that also
      // serves ingest more than the attempts themselves. Until half the slots are free, the attempts in
      // flight (each a few ms against a receiver that answers) are waited for; each ending wakes this loop.
      if (free > 0 && (inFlight.size === 0 || free >= concurrency / 2)) {
        claiming = true;
        try {
          claimed = await claimMessages(database, owner, free, leaseMs);
          // Emails share the slots, the leases and the retries of webhook messages (docs/email.md).
          if (mailEnabled()) {
            if (now().getTime() - digestsAt >= digestEveryMs) {
              digestsAt = now().getTime();
              await enqueueDigests(database, now());
            }
            if (claimed.length < free) emails = await claimEmails(database, owner, free - claimed.length, leaseMs);
          }
          // WhatsApp messages take the slots the others left (lib/channels/whatsapp/, the outbox's Channel contract).
          const left = free - claimed.length - emails.length;
          if (whatsappSettings() && left > 0) whatsapps = await whatsappChannel.claim(database, owner, left, leaseMs);
          if (claimFailing) log.info("webhook dispatcher reaches the database again");
          claimFailing = false;
        } catch (error) {
          // The database is down or restarting: try again on the next poll (said once, not every poll).
          if (!claimFailing) log.warn({ err: errorText(error) }, "webhook dispatcher cannot claim messages; retrying");
          claimFailing = true;
        }
      }
      const contents = claimed.length > 0 ? loadContents(claimed) : undefined;
      for (const message of claimed) {
        const abort = new AbortController();
        const promise = deliver(message, abort, contents?.get(message.id))
          .catch((error: unknown) =>
            log.error({ err: errorText(error), messageId: message.id }, "webhook attempt could not be recorded"),
          )
          .finally(() => {
            inFlight.delete(message.id);
            nudge();
          });
        inFlight.set(message.id, { promise, abort });
      }
      for (const email of emails) {
        const abort = new AbortController();
        const key = `email:${email.id}`;
        const promise = deliverEmail(database, email, owner, abort.signal)
          .catch((error: unknown) =>
            log.error({ err: errorText(error), emailId: email.id }, "email attempt could not be recorded"),
          )
          .finally(() => {
            inFlight.delete(key);
            nudge();
          });
        inFlight.set(key, { promise, abort });
      }
      for (const item of whatsapps) {
        const abort = new AbortController();
        const promise = whatsappChannel
          .deliver(database, item, { owner, signal: abort.signal, now })
          .catch((error: unknown) =>
            log.error({ err: errorText(error), key: item.key }, "WhatsApp attempt could not be recorded"),
          )
          .finally(() => {
            inFlight.delete(item.key);
            nudge();
          });
        inFlight.set(item.key, { promise, abort });
      }
      // A full batch means more may be due: claim again at once; otherwise wait for a poll or a wake.
      const taken = claimed.length + emails.length + whatsapps.length;
      if (stopping || (taken > 0 && taken === free)) continue;
      // Less than a full batch: the dispatcher keeps up, and claiming at every wake would claim one message
      // at a time (a claim, three reads and a record each). Wakes during this wait are kept, not acted on.
      if (claiming) {
        gathering = true;
        await sleep(gatherMs, signal);
        gathering = false;
      }
      if (!woken && !stopping) await sleep(pollMs, signal);
    }
  }

  /** An attempt ended: its slot is free (acted on after the gathering wait, if one runs). */
  function nudge(): void {
    if (!gathering) signal.wake?.();
  }

  const running = loop();
  const dispatcher: Dispatcher = {
    owner,
    wake() {
      woken = true;
      nudge();
    },
    async stop() {
      if (slot.current === dispatcher) slot.current = undefined;
      stopping = true;
      signal.wake?.();
      await running;
      const pending = [...inFlight.values()];
      const drained = await Promise.race([
        Promise.all(pending.map((entry) => entry.promise)).then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), drainMs).unref()),
      ]);
      if (!drained) {
        for (const entry of inFlight.values()) entry.abort.abort();
        await Promise.all([...inFlight.values()].map((entry) => entry.promise));
      }
      // A message sent but not yet recorded, if given back now, would be sent again.
      await Promise.all(recording);
      await releaseMessages(database, owner).catch(() => {});
      await releaseEmails(database, owner).catch(() => {});
      await whatsappChannel.release(database, owner).catch(() => {});
      await own?.close();
    },
  };
  slot.current = dispatcher;
  return dispatcher;
}

import { responseTargetClock } from "@/lib/assignment/response-target-clock";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { emailChannel } from "@/lib/channels/email/email-channel";
import { metaFetchChannel } from "@/lib/channels/meta-fetch/meta-fetch-channel";
import { webhookChannel } from "@/lib/channels/webhook/webhook-channel";
import { whatsappChannel } from "@/lib/channels/whatsapp/whatsapp-channel";
import type { Database } from "@/lib/db/client";
import { log } from "@/lib/log";
import type { Channel } from "@/lib/outbox/channel";
import { type Runner, type RunnerOptions, startRunner } from "@/lib/outbox/runner";
import { startRunnerProcess } from "@/lib/outbox/runner-process";
import { type EndpointDisabledEvent, notifyEndpointDisabled } from "@/lib/webhooks/endpoint-disabled";

/** The outbox runner with this product's channels (lib/outbox/runner.ts knows none of them). */
export type Dispatcher = Runner;

/** The notice by which a runner process tells the server of an endpoint the webhook channel disabled. */
export const ENDPOINT_DISABLED_NOTICE = "endpoint-disabled";

/**
 * Every channel, in the order the runner claims for them: webhook messages first, then emails (they share
 * the slots, the leases and the retry schedule; docs/email.md), then WhatsApp messages (none unless the
 * server has WhatsApp configured), then Meta Lead Ads fetches (lib/channels/meta-fetch); last, the response
 * targets' clock (it only writes events on the tick). Fresh instances per runner: a channel keeps its batched records.
 */
export function outboxChannels(): Channel[] {
  return [webhookChannel(), emailChannel(), whatsappChannel, metaFetchChannel, responseTargetClock()] as Channel[];
}

/** Runs the outbox with every channel in this process (WEBHOOK_DISPATCHER=inline, the tests). */
export function startDispatcher(database: Database, options: RunnerOptions = {}): Dispatcher {
  return startRunner(database, outboxChannels(), options);
}

/**
 * Runs the outbox in a child process of its own (lib/server/outbox-process-main.ts gives it the channels).
 * An endpoint disabled there is news here: the links' `hasListeners` is cached in the server, and listeners
 * registered in the server hear of it too.
 */
export function startDispatcherProcess(root: string = process.cwd()): Dispatcher {
  return startRunnerProcess({
    root,
    onNotice(topic, payload) {
      if (topic !== ENDPOINT_DISABLED_NOTICE) return;
      const event = payload as EndpointDisabledEvent;
      invalidateCaptureLinks(event.workspaceId);
      notifyEndpointDisabled(event, (error) =>
        log.error(
          { err: error instanceof Error ? error.message : String(error), endpointId: event.endpointId },
          "endpoint-disabled listener failed",
        ),
      );
    },
  });
}

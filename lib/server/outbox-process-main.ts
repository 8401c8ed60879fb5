import { runRunnerProcess } from "@/lib/outbox/runner-process-main";
import { onEndpointDisabled } from "@/lib/webhooks/endpoint-disabled";
import { ENDPOINT_DISABLED_NOTICE, outboxChannels } from "./outbox";

/**
 * The outbox runner process's composition root (scripts/webhook-dispatcher.mjs runs it): the runner of
 * lib/outbox/runner-process-main.ts with every channel.
 */
export function runDispatcherProcess(): Promise<void> {
  return runRunnerProcess(outboxChannels(), {
    // The server's capture-link cache keeps `hasListeners` per link: it must forget a workspace whose endpoint
    // went off (within its 5 s TTL is not enough: ingest would keep waking a runner with nothing to send).
    onStart: (tell) => onEndpointDisabled((event) => tell(ENDPOINT_DISABLED_NOTICE, event)),
  });
}

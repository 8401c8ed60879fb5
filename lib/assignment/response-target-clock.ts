import type { Channel } from "@/lib/outbox/channel";
import { detectOverdueLeads } from "./detect-overdue-leads";

/**
 * The response targets on the outbox runner's clock (DESIGN.md section 16): a member of the runner's list that
 * delivers nothing itself and, on each tick, writes the events of the leads that fell overdue; the runner
 * expands them into the channels' deliveries on its next look. Given to the runner by lib/server/outbox.ts.
 */
export function responseTargetClock(): Channel {
  return {
    name: "response-targets",
    claim: async () => [],
    deliver: async () => {},
    release: async () => {},
    releaseAll: async () => {},
    async tick(database, now) {
      await detectOverdueLeads(database, now);
    },
  };
}

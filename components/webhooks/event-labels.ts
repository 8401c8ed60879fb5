import type { WebhookEvent } from "@/lib/webhooks/endpoint-input";

/** Each event's hint in the catalogue (`webhooks.event.<key>`); the event names themselves are not translated. */
export const EVENT_HINT_KEYS = {
  "lead.created": "created",
  "lead.updated": "updated",
  "submission.rejected": "rejected",
  "lead.erased": "erased",
  "lead.assigned": "assigned",
  "lead.response_overdue": "overdue",
} as const satisfies Record<WebhookEvent, string>;

/** Why Leadlink disabled an endpoint, as a catalogue key (`webhooks.reason.<key>`); null for an unknown reason. */
export function reasonKey(reason: string | null): "gone" | "failing" | null {
  return reason === "gone" || reason === "failing" ? reason : null;
}

import type { WebhookEvent } from "@/lib/webhooks/endpoint-input";

export const EVENT_LABELS: Record<WebhookEvent, { label: string; hint: string }> = {
  "lead.created": { label: "lead.created", hint: "a new lead arrived" },
  "lead.updated": { label: "lead.updated", hint: "a known lead sent again (dedupe)" },
  "submission.rejected": { label: "submission.rejected", hint: "a request was refused (its code and errors, never the payload)" },
  "lead.erased": { label: "lead.erased", hint: "a lead was erased (its id only)" },
};

export const DISABLED_REASONS: Record<string, string> = {
  gone: "the receiver answered 410 Gone",
  failing: "no delivery succeeded for 5 days (10 or more failed attempts)",
};

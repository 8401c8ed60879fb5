import { Badge } from "@/components/ui/badge";

const STATE_TONES = { pending: "amber", delivered: "green", failed: "red" } as const;

export function MessageStateBadge({ state }: { state: "pending" | "delivered" | "failed" }) {
  return <Badge tone={STATE_TONES[state]}>{state}</Badge>;
}

/** An attempt's answer: its status code, or "no answer" when none came (refused, timeout, blocked). */
export function AttemptStatusBadge({ status, succeeded }: { status: number | null; succeeded: boolean }) {
  return <Badge tone={succeeded ? "green" : "red"}>{status === null ? "no answer" : `HTTP ${status}`}</Badge>;
}

export function EnabledBadge({ enabled, reason }: { enabled: boolean; reason: string | null }) {
  if (enabled) return <Badge tone="green">enabled</Badge>;
  return <Badge tone={reason ? "red" : "gray"}>{reason ? "disabled by Leadlink" : "disabled"}</Badge>;
}

import { Badge } from "@/components/ui/badge";
import type { SubmissionOutcome } from "@/lib/db/generated/enums";

const OUTCOMES = {
  created: { tone: "green", label: "Created" },
  updated: { tone: "blue", label: "Updated" },
  rejected: { tone: "red", label: "Rejected" },
  spam: { tone: "amber", label: "Spam" },
} as const satisfies Record<SubmissionOutcome, { tone: string; label: string }>;

export function OutcomeBadge({ outcome }: { outcome: SubmissionOutcome }) {
  const { tone, label } = OUTCOMES[outcome];
  return <Badge tone={tone}>{label}</Badge>;
}

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { SubmissionOutcome } from "@/lib/db/generated/enums";

const OUTCOMES = {
  created: { tone: "green" },
  updated: { tone: "blue" },
  rejected: { tone: "red" },
  spam: { tone: "amber" },
} as const satisfies Record<SubmissionOutcome, { tone: string }>;

export function OutcomeBadge({ outcome }: { outcome: SubmissionOutcome }) {
  const t = useTranslations("submissions.outcomes");
  return <Badge tone={OUTCOMES[outcome].tone}>{t(outcome)}</Badge>;
}

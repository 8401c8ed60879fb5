import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { LeadStatus } from "@/lib/leads/lead-workflow-input";

const TONES = { new: "blue", contacted: "amber", qualified: "indigo", won: "green", lost: "gray" } as const;

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  const t = useTranslations("workflow.status");
  return <Badge tone={TONES[status]}>{t(status)}</Badge>;
}

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { LeadStatus } from "@/lib/leads/lead-workflow-input";

const TONES = { new: "blue", contacted: "amber", qualified: "indigo", won: "green", lost: "gray" } as const;

/** A status with its label already translated: the leads table translates each status once, not once per row. */
export function StatusBadge({ status, label }: { status: LeadStatus; label: string }) {
  return <Badge tone={TONES[status]}>{label}</Badge>;
}

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  const t = useTranslations("workflow.status");
  return <StatusBadge status={status} label={t(status)} />;
}

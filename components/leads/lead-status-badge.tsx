import { Badge } from "@/components/ui/badge";
import { LEAD_STATUS_LABELS, type LeadStatus } from "@/lib/leads/lead-workflow-input";

const TONES = { new: "blue", contacted: "amber", qualified: "indigo", won: "green", lost: "gray" } as const;

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return <Badge tone={TONES[status]}>{LEAD_STATUS_LABELS[status]}</Badge>;
}

import { Badge } from "@/components/ui/badge";

const OUTCOMES = {
  created: { tone: "green", label: "Created" },
  updated: { tone: "blue", label: "Updated" },
  rejected: { tone: "red", label: "Rejected" },
  spam: { tone: "amber", label: "Spam" },
} as const;

export function OutcomeBadge({ outcome }: { outcome: keyof typeof OUTCOMES }) {
  const { tone, label } = OUTCOMES[outcome];
  return <Badge tone={tone}>{label}</Badge>;
}

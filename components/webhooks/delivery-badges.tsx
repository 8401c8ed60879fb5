import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";

const STATE_TONES = { pending: "amber", delivered: "green", failed: "red" } as const;

export function MessageStateBadge({ state }: { state: "pending" | "delivered" | "failed" }) {
  const t = useTranslations("webhooks.badge");
  return <Badge tone={STATE_TONES[state]}>{t(state)}</Badge>;
}

/** An attempt's answer: its status code, or "no answer" when none came (refused, timeout, blocked). */
export function AttemptStatusBadge({ status, succeeded }: { status: number | null; succeeded: boolean }) {
  const t = useTranslations("webhooks.badge");
  return <Badge tone={succeeded ? "green" : "red"}>{status === null ? t("noAnswer") : t("http", { status })}</Badge>;
}

export function EnabledBadge({ enabled, reason }: { enabled: boolean; reason: string | null }) {
  const t = useTranslations("webhooks.badge");
  if (enabled) return <Badge tone="green">{t("enabled")}</Badge>;
  return <Badge tone={reason ? "red" : "gray"}>{reason ? t("disabledByLeadlink") : t("disabled")}</Badge>;
}

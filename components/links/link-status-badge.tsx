import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { LinkStatus } from "@/lib/db/generated/enums";

export function LinkStatusBadge({ status }: { status: LinkStatus }) {
  const t = useTranslations("links.status");
  return status === "active" ? <Badge tone="green">{t("active")}</Badge> : <Badge tone="red">{t("revoked")}</Badge>;
}

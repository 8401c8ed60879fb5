"use client";

import { useParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { ButtonLink } from "@/components/ui/button";
import { StatusPage } from "@/components/ui/status-page";

/** A lead id that is not a lead of this workspace (mistyped, removed, or another workspace's). */
export default function LeadNotFound() {
  const { slug } = useParams<{ slug: string }>();
  const t = useTranslations("lead");
  return (
    <StatusPage
      status="404"
      title={t("notFound.title")}
      actions={<ButtonLink href={`/w/${slug}/leads`}>← {t("back")}</ButtonLink>}
    >
      <p>{t("notFound.text")}</p>
    </StatusPage>
  );
}

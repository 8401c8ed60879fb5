"use client";

import { useParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { ButtonLink } from "@/components/ui/button";
import { StatusPage } from "@/components/ui/status-page";

/**
 * A workspace page that is not there for this user, within the workspace's navigation: an unknown
 * address, or a page of owners and admins opened by a member. (An unknown workspace, or one the user is
 * not a member of, gets app/not-found.tsx: the workspace layout itself is refused.)
 */
export default function WorkspacePageNotFound() {
  const { slug } = useParams<{ slug: string }>();
  const t = useTranslations("errors.notFound");
  return (
    <StatusPage status="404" title={t("title")} actions={<ButtonLink href={`/w/${slug}`}>{t("backToDashboard")}</ButtonLink>}>
      <p>{t("inWorkspace")}</p>
      <p>{t("askWorkspace")}</p>
    </StatusPage>
  );
}

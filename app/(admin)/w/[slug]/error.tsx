"use client";

import { useParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { ButtonLink } from "@/components/ui/button";
import { ErrorExplanation, RetryButton } from "@/components/ui/error-details";
import { StatusPage } from "@/components/ui/status-page";

/** A workspace page that failed to render, shown within the workspace's navigation. */
export default function WorkspaceError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const { slug } = useParams<{ slug: string }>();
  const t = useTranslations("errors");
  return (
    <StatusPage
      status={t("status")}
      title={t("pageTitle")}
      actions={
        <>
          <RetryButton reset={reset} />
          <ButtonLink href={`/w/${slug}`} variant="secondary">
            {t("dashboard")}
          </ButtonLink>
        </>
      }
    >
      <ErrorExplanation digest={error.digest} />
    </StatusPage>
  );
}

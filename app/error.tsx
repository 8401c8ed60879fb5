"use client";

import { useTranslations } from "next-intl";
import { ButtonLink } from "@/components/ui/button";
import { ErrorExplanation, RetryButton } from "@/components/ui/error-details";
import { StatusPage } from "@/components/ui/status-page";

/**
 * A page, or a workspace layout, that failed to render (the database down, most often): our own page in
 * place of Next.js's, with a retry. Errors inside a workspace's pages are caught closer, within the shell
 * (app/(admin)/w/[slug]/error.tsx).
 */
export default function RootError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("errors");
  return (
    <StatusPage
      framed
      status={t("status")}
      title={t("title")}
      actions={
        <>
          <RetryButton reset={reset} />
          <ButtonLink href="/" variant="secondary">
            {t("goToWorkspace")}
          </ButtonLink>
        </>
      }
    >
      <ErrorExplanation digest={error.digest} />
    </StatusPage>
  );
}

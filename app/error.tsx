"use client";

import { ButtonLink } from "@/components/ui/button";
import { ErrorExplanation, RetryButton } from "@/components/ui/error-details";
import { StatusPage } from "@/components/ui/status-page";

/**
 * A page, or a workspace layout, that failed to render (the database down, most often): our own page in
 * place of Next.js's, with a retry. Errors inside a workspace's pages are caught closer, within the shell
 * (app/(admin)/w/[slug]/error.tsx).
 */
export default function RootError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <StatusPage
      framed
      status="Error"
      title="Something went wrong"
      actions={
        <>
          <RetryButton reset={reset} />
          <ButtonLink href="/" variant="secondary">
            Go to your workspace
          </ButtonLink>
        </>
      }
    >
      <ErrorExplanation digest={error.digest} />
    </StatusPage>
  );
}

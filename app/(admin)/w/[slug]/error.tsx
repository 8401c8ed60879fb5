"use client";

import { useParams } from "next/navigation";
import { ButtonLink } from "@/components/ui/button";
import { ErrorExplanation, RetryButton } from "@/components/ui/error-details";
import { StatusPage } from "@/components/ui/status-page";

/** A workspace page that failed to render, shown within the workspace's navigation. */
export default function WorkspaceError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const { slug } = useParams<{ slug: string }>();
  return (
    <StatusPage
      status="Error"
      title="This page could not be loaded"
      actions={
        <>
          <RetryButton reset={reset} />
          <ButtonLink href={`/w/${slug}`} variant="secondary">
            Dashboard
          </ButtonLink>
        </>
      }
    >
      <ErrorExplanation digest={error.digest} />
    </StatusPage>
  );
}

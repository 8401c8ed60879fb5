"use client";

import { useRouter } from "next/navigation";
import { startTransition } from "react";
import { Button } from "./button";

/** What an error page says of a failure it cannot see into (production hides the message) and its retry. */
export function ErrorExplanation({ digest }: { digest?: string }) {
  return (
    <>
      <p>
        Leadlink could not load this page. This usually means its database is unreachable for a moment; nothing was changed by
        opening the page.
      </p>
      <p>
        Try again in a few seconds. If it keeps happening, tell whoever runs your Leadlink server
        {digest ? ", with the reference below" : ""}.
      </p>
      {digest ? (
        <p className="pt-1 text-xs text-slate-400">
          Reference <span className="font-mono">{digest}</span>
        </p>
      ) : null}
    </>
  );
}

/** Renders the page again from the server (router.refresh) and resets the boundary that caught the error. */
export function RetryButton({ reset }: { reset: () => void }) {
  const router = useRouter();
  return (
    <Button
      onClick={() =>
        startTransition(() => {
          router.refresh();
          reset();
        })
      }
    >
      Try again
    </Button>
  );
}

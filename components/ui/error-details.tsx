"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { startTransition } from "react";
import { Button } from "./button";

/** What an error page says of a failure it cannot see into (production hides the message) and its retry. */
export function ErrorExplanation({ digest }: { digest?: string }) {
  const t = useTranslations("errors");
  return (
    <>
      <p>{t("explanation")}</p>
      <p>{t("advice", { reference: digest ? "yes" : "no" })}</p>
      {digest ? (
        <p className="pt-1 text-xs text-slate-500">
          {t("reference")} <span className="font-mono">{digest}</span>
        </p>
      ) : null}
    </>
  );
}

/** Renders the page again from the server (router.refresh) and resets the boundary that caught the error. */
export function RetryButton({ reset }: { reset: () => void }) {
  const router = useRouter();
  const t = useTranslations("errors");
  return (
    <Button
      onClick={() =>
        startTransition(() => {
          router.refresh();
          reset();
        })
      }
    >
      {t("retry")}
    </Button>
  );
}

"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "./button";

/** Copies `value` to the clipboard and says so. */
export function CopyButton({ value, label }: { value: string; label?: string }) {
  const t = useTranslations("common");
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={async () => {
        await navigator.clipboard.writeText(value);
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      }}
      aria-live="polite"
    >
      {copied ? t("copied") : (label ?? t("copy"))}
    </Button>
  );
}

"use client";

import { useState } from "react";
import { Button } from "./button";

/** Copies `value` to the clipboard and says so. */
export function CopyButton({ value, label = "Copy" }: { value: string; label?: string }) {
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
      {copied ? "Copied" : label}
    </Button>
  );
}

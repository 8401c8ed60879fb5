"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import type { ActionState } from "@/lib/forms/action-state";

/** Archiving is undone with one click (nothing is deleted), so it asks no confirmation. */
export function ArchiveFieldButton({
  archived,
  label,
  action,
}: {
  archived: boolean;
  label: string;
  action: () => Promise<ActionState>;
}) {
  const t = useTranslations("fields.row");
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction} className="inline">
      <Button
        type="submit"
        variant="ghost"
        size="sm"
        disabled={pending}
        aria-label={archived ? t("unarchiveNamed", { label }) : t("archiveNamed", { label })}
      >
        {archived ? t("unarchive") : t("archive")}
      </Button>
      {state.message && !state.ok ? (
        <span role="alert" className="block text-xs text-red-600">
          {state.message}
        </span>
      ) : null}
    </form>
  );
}

"use client";

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
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction} className="inline">
      <Button
        type="submit"
        variant="ghost"
        size="sm"
        disabled={pending}
        aria-label={`${archived ? "Unarchive" : "Archive"} ${label}`}
      >
        {archived ? "Unarchive" : "Archive"}
      </Button>
      {state.message && !state.ok ? (
        <span role="alert" className="block text-xs text-red-600">
          {state.message}
        </span>
      ) : null}
    </form>
  );
}

"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import type { ActionState } from "@/lib/forms/action-state";

/** One button that runs a server action and says how it went, next to itself. */
export function ActionButton({
  action,
  label,
  pendingLabel,
  fields = {},
  variant = "secondary",
  size = "sm",
  disabled,
}: {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  label: string;
  pendingLabel: string;
  fields?: Record<string, string>;
  variant?: "primary" | "secondary" | "danger" | "ghost";
  size?: "sm" | "md";
  disabled?: boolean;
}) {
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction} className="inline-flex flex-wrap items-center gap-2">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant={variant} size={size} disabled={pending || disabled}>
        {pending ? pendingLabel : label}
      </Button>
      {state.message ? (
        <span role={state.ok ? "status" : "alert"} className={state.ok ? "text-xs text-emerald-700" : "text-xs text-red-700"}>
          {state.message}
        </span>
      ) : null}
    </form>
  );
}

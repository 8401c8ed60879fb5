"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { ActionState } from "@/lib/forms/action-state";
import { type LinkSettingsDefaults, LinkSettingsFields } from "./link-settings-fields";

export function LinkSettingsForm({
  action,
  current,
  defaultRateLimit,
}: {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  current: LinkSettingsDefaults;
  defaultRateLimit: string;
}) {
  const [state, formAction, pending] = useActionState(action, {});
  // After a failure the form shows what was typed; otherwise what is stored (React resets the form after each action).
  const typed = state.ok ? undefined : state.values;
  const defaults: LinkSettingsDefaults = typed
    ? {
        allowedOrigins: typed.allowedOrigins ?? "",
        rateLimit: typed.rateLimit ?? "",
        honeypotField: typed.honeypotField ?? "",
        requireIdentity: typed.requireIdentity === "on",
      }
    : current;
  return (
    <form action={formAction} className="@container space-y-4" noValidate>
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <LinkSettingsFields defaults={defaults} errors={state.fieldErrors} defaultRateLimit={defaultRateLimit} />
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Save settings"}
        </Button>
      </div>
    </form>
  );
}

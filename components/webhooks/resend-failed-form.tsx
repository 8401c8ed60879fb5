"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, startTransition, useActionState, useId } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import type { ActionState } from "@/lib/forms/action-state";

/** The local date and time `hours` ago, as a datetime-local input shows it. */
function localInputValue(hoursAgo: number): string {
  const date = new Date(Date.now() - hoursAgo * 3_600_000);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * "Resend failed since…": the time is typed in the browser's own zone and sent as an ISO instant, so the
 * server never has to guess the zone.
 */
export function ResendFailedForm({
  action,
  disabled,
}: {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  disabled?: boolean;
}) {
  const t = useTranslations("webhooks.resendFailed");
  const [state, formAction, pending] = useActionState(action, {});
  const id = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local = new FormData(event.currentTarget).get("sinceLocal");
    const date = new Date(typeof local === "string" ? local : "");
    const data = new FormData();
    data.set("since", Number.isNaN(date.getTime()) ? "" : date.toISOString());
    startTransition(() => formAction(data));
  }
  const error = state.ok ? undefined : (state.fieldErrors?.since ?? state.message);
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor={id} className="block text-xs font-medium text-slate-600">
          {t("label")}
        </label>
        <Input
          id={id}
          name="sinceLocal"
          type="datetime-local"
          defaultValue={localInputValue(24)}
          suppressHydrationWarning
          error={error}
          className="mt-1 w-auto"
        />
      </div>
      <Button type="submit" variant="secondary" disabled={pending || disabled}>
        {pending ? t("resending") : t("button")}
      </Button>
      {state.message ? (
        <p role={state.ok ? "status" : "alert"} className={`w-full text-xs ${state.ok ? "text-emerald-700" : "text-red-700"}`}>
          {state.ok ? state.message : error}
        </p>
      ) : null}
    </form>
  );
}

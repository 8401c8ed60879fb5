"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import type { ActionState } from "@/lib/forms/action-state";

export interface RetentionDefaults {
  rejectedPayloadDays: number;
  requestMetaDays: number;
  webhookAttemptDays: number;
}

const FIELDS = [
  {
    name: "rejectedPayloadDays",
    label: "Payloads of rejected requests",
    hint: "Default 30 days. The request stays in the link's log (time, outcome, error) without its body.",
  },
  {
    name: "requestMetaDays",
    label: "IPs and user agents of requests",
    hint: "Default 180 days: Brazil's Marco Civil asks six months of access logs.",
  },
  {
    name: "webhookAttemptDays",
    label: "Webhook attempt logs",
    hint: "Default 30 days. Messages and their state stay; each attempt's answer and error go.",
  },
] as const;

/** The workspace's retention windows, in days; the hourly purge applies them. */
export function RetentionForm({
  action,
  current,
}: {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  current: RetentionDefaults;
}) {
  const [state, formAction, pending] = useActionState(action, {});
  const typed = state.ok ? undefined : state.values;
  return (
    <form action={formAction} className="space-y-4" noValidate>
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <div className="grid gap-4 md:grid-cols-3">
        {FIELDS.map((field) => (
          <Field key={field.name} id={field.name} label={field.label} hint={field.hint} error={state.fieldErrors?.[field.name]}>
            <div className="flex items-center gap-2">
              <Input
                id={field.name}
                name={field.name}
                type="number"
                inputMode="numeric"
                min={1}
                max={3650}
                required
                defaultValue={typed?.[field.name] ?? String(current[field.name])}
                error={state.fieldErrors?.[field.name]}
                className="max-w-28"
              />
              <span className="text-sm text-slate-500">days</span>
            </div>
          </Field>
        ))}
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Save retention"}
        </Button>
      </div>
    </form>
  );
}

"use client";

import { useTranslations } from "next-intl";
import { useActionState, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import type { ActionState } from "@/lib/forms/action-state";
import { MARCO_CIVIL_ACCESS_LOG_DAYS } from "@/lib/privacy/marco-civil";

export interface RetentionDefaults {
  rejectedPayloadDays: number;
  requestMetaDays: number;
  webhookAttemptDays: number;
}

/** The workspace's retention windows, in days; the hourly purge applies them. */
export function RetentionForm({
  action,
  current,
}: {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  current: RetentionDefaults;
}) {
  const t = useTranslations("privacy.retention");
  const [state, formAction, pending] = useActionState(action, {});
  const typed = state.ok ? undefined : state.values;
  // What the IP field holds now, as typed: the warning follows it before anything is saved.
  const [metaDays, setMetaDays] = useState(typed?.requestMetaDays ?? String(current.requestMetaDays));
  const belowMarcoCivil = /^\d+$/.test(metaDays.trim()) && Number(metaDays) < MARCO_CIVIL_ACCESS_LOG_DAYS;
  const fields = [
    { name: "rejectedPayloadDays", label: t("rejectedPayloadDays"), hint: t("rejectedPayloadHint") },
    { name: "requestMetaDays", label: t("requestMetaDays"), hint: t("requestMetaHint") },
    { name: "webhookAttemptDays", label: t("webhookAttemptDays"), hint: t("webhookAttemptHint") },
  ] as const;
  return (
    <form action={formAction} className="space-y-4" noValidate>
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <div className="grid gap-4 md:grid-cols-3">
        {fields.map((field) => (
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
                onChange={field.name === "requestMetaDays" ? (event) => setMetaDays(event.target.value) : undefined}
                error={state.fieldErrors?.[field.name]}
                className="max-w-28"
              />
              <span className="text-sm text-slate-500">{t("days")}</span>
            </div>
          </Field>
        ))}
      </div>
      {belowMarcoCivil ? (
        <div data-testid="marco-civil-warning">
          <Alert tone="warning">{t("marcoCivilWarning", { days: MARCO_CIVIL_ACCESS_LOG_DAYS })}</Alert>
        </div>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? t("saving") : t("save")}
        </Button>
      </div>
    </form>
  );
}

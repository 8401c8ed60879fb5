"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/field";
import type { ActionState } from "@/lib/forms/action-state";

/** The user's own time zone, or "each workspace's" (no zone of their own); the zones come from the server's list. */
export function TimeZoneForm({
  chosen,
  zones,
  action,
}: {
  chosen: string | null;
  zones: { value: string; label: string }[];
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
}) {
  const t = useTranslations("account.timeZone");
  const [state, formAction, pending] = useActionState(action, {});
  const error = state.ok ? undefined : state.fieldErrors?.timeZone;
  return (
    <form action={formAction} className="space-y-4" noValidate>
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <Field id="timeZone" label={t("label")} hint={t("hint")} error={error}>
        <Select
          id="timeZone"
          name="timeZone"
          defaultValue={chosen ?? "workspace"}
          error={error}
          aria-describedby={error ? "timeZone-error" : "timeZone-hint"}
        >
          <option value="workspace">{t("workspace")}</option>
          {zones.map((zone) => (
            <option key={zone.value} value={zone.value}>
              {zone.label}
            </option>
          ))}
        </Select>
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? t("saving") : t("save")}
        </Button>
      </div>
    </form>
  );
}

"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/field";
import type { ActionState } from "@/lib/forms/action-state";

/** The workspace's language and time zone (DESIGN.md section 13); the zones come from the server's list. */
export function WorkspaceSettingsForm({
  action,
  current,
  languages,
  zones,
}: {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  current: { language: string; timeZone: string };
  languages: { value: string; label: string }[];
  zones: { value: string; label: string }[];
}) {
  const t = useTranslations("workspaceSettings");
  const [state, formAction, pending] = useActionState(action, {});
  const typed = state.ok ? undefined : state.values;
  return (
    <form action={formAction} className="space-y-4" noValidate>
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <div className="grid gap-4 md:grid-cols-2">
        <Field id="language" label={t("language")} hint={t("languageHint")} error={state.fieldErrors?.language}>
          <Select
            id="language"
            name="language"
            defaultValue={typed?.language ?? current.language}
            error={state.fieldErrors?.language}
            aria-describedby={state.fieldErrors?.language ? "language-error" : "language-hint"}
          >
            {languages.map((language) => (
              <option key={language.value} value={language.value}>
                {language.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="timeZone" label={t("timeZone")} hint={t("timeZoneHint")} error={state.fieldErrors?.timeZone}>
          <Select
            id="timeZone"
            name="timeZone"
            defaultValue={typed?.timeZone ?? current.timeZone}
            error={state.fieldErrors?.timeZone}
            aria-describedby={state.fieldErrors?.timeZone ? "timeZone-error" : "timeZone-hint"}
          >
            {zones.map((zone) => (
              <option key={zone.value} value={zone.value}>
                {zone.label}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? t("saving") : t("save")}
        </Button>
      </div>
    </form>
  );
}

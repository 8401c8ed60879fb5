"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/field";
import type { ActionState } from "@/lib/forms/action-state";
import { LOCALE_NAMES, LOCALES, type Locale } from "@/lib/i18n/locales";

/** The admin's language for this user: one of the catalogues, or the browser's ("automatic"). */
export function LanguageForm({
  chosen,
  action,
}: {
  chosen: Locale | null;
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
}) {
  const t = useTranslations("account.language");
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction} className="space-y-4" noValidate>
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <Field id="locale" label={t("label")} hint={t("hint")} error={state.ok ? undefined : state.fieldErrors?.locale}>
        <Select id="locale" name="locale" defaultValue={chosen ?? "auto"} aria-describedby="locale-hint">
          <option value="auto">{t("automatic")}</option>
          {LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {LOCALE_NAMES[locale]}
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

"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import type { ActionState } from "@/lib/forms/action-state";

/** Choosing a password from an emailed link: a reset, or accepting an invitation (which may also ask a name). */
export function SetPasswordForm({
  action,
  askName,
  defaultName,
  submitLabel,
}: {
  action: (previous: ActionState, form: FormData) => Promise<ActionState>;
  askName?: boolean;
  defaultName?: string;
  submitLabel: string;
}) {
  const t = useTranslations("email.auth");
  const [state, submit, pending] = useActionState<ActionState, FormData>(action, {});
  const error = (field: string) => state.fieldErrors?.[field];
  return (
    <form action={submit} className="space-y-4" noValidate>
      {state.message && !state.ok ? <Alert>{state.message}</Alert> : null}
      {askName ? (
        <Field id="name" label={t("yourName")} error={error("name")}>
          <Input
            id="name"
            name="name"
            autoComplete="name"
            defaultValue={state.values?.name ?? defaultName}
            error={error("name")}
          />
        </Field>
      ) : null}
      <Field id="password" label={t("newPassword")} hint={t("passwordHint")} error={error("password")}>
        <Input id="password" name="password" type="password" autoComplete="new-password" required error={error("password")} />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t("saving") : submitLabel}
      </Button>
    </form>
  );
}

"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import type { ActionState } from "@/lib/forms/action-state";

export function ChangePasswordForm({
  email,
  action,
}: {
  email: string;
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
}) {
  const t = useTranslations("account.password");
  const [state, formAction, pending] = useActionState(action, {});
  const errors = state.ok ? {} : (state.fieldErrors ?? {});
  return (
    <form action={formAction} className="space-y-4" noValidate>
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      {/* For password managers: whose password this is. */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field id="currentPassword" label={t("current")} error={errors.currentPassword}>
        <Input
          id="currentPassword"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword}
        />
      </Field>
      <Field id="newPassword" label={t("new")} hint={t("newHint")} error={errors.newPassword}>
        <Input
          id="newPassword"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          error={errors.newPassword}
        />
      </Field>
      <Field id="repeatPassword" label={t("repeat")} error={errors.repeatPassword}>
        <Input
          id="repeatPassword"
          name="repeatPassword"
          type="password"
          autoComplete="new-password"
          required
          error={errors.repeatPassword}
        />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? t("changing") : t("change")}
        </Button>
      </div>
    </form>
  );
}

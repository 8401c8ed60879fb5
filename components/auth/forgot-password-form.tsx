"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import type { ActionState } from "@/lib/forms/action-state";

export function ForgotPasswordForm({ action }: { action: (previous: ActionState, form: FormData) => Promise<ActionState> }) {
  const t = useTranslations("email.auth");
  const [state, submit, pending] = useActionState<ActionState, FormData>(action, {});
  if (state.ok) return <Alert tone="success">{state.message}</Alert>;
  const error = state.fieldErrors?.email;
  return (
    <form action={submit} className="space-y-4" noValidate>
      {state.message ? <Alert>{state.message}</Alert> : null}
      <Field id="email" label={t("emailLabel")} error={error}>
        <Input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={state.values?.email}
          error={error}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t("sending") : t("sendLink")}
      </Button>
    </form>
  );
}

"use client";

import { useTranslations } from "next-intl";
import { useActionState, useEffect, useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { signInWithPassword } from "@/lib/auth/sign-in-request";
import { type SetupState, setupAction } from "./actions";

export function SetupForm() {
  const t = useTranslations("auth.setup");
  const [state, action, pending] = useActionState<SetupState, FormData>(setupAction, {});
  // React resets the form once the action is done, so the credentials are kept from the submit event.
  const credentials = useRef<{ email: string; password: string }>(undefined);

  useEffect(() => {
    if (!state.ok || !state.slug || !credentials.current) return;
    const { email, password } = credentials.current;
    const destination = `/w/${state.slug}`;
    void signInWithPassword(email, password, destination).then((result) =>
      window.location.assign(result.ok ? destination : "/signin"),
    );
  }, [state]);

  const error = (field: string) => state.fieldErrors?.[field];
  const value = (field: string) => state.values?.[field];
  return (
    <form
      action={action}
      onSubmit={(event) => {
        const data = new FormData(event.currentTarget);
        credentials.current = { email: String(data.get("email") ?? ""), password: String(data.get("password") ?? "") };
      }}
      className="space-y-4"
      noValidate
    >
      {state.message && !state.ok ? <Alert>{state.message}</Alert> : null}
      {state.ok ? <Alert tone="success">{t("done")}</Alert> : null}
      <Field id="name" label={t("name")} error={error("name")}>
        <Input id="name" name="name" autoComplete="name" defaultValue={value("name")} error={error("name")} />
      </Field>
      <Field id="email" label={t("email")} error={error("email")}>
        <Input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={value("email")}
          error={error("email")}
        />
      </Field>
      <Field id="password" label={t("password")} hint={t("passwordHint")} error={error("password")}>
        <Input id="password" name="password" type="password" autoComplete="new-password" required error={error("password")} />
      </Field>
      <Field id="workspaceName" label={t("workspaceName")} hint={t("workspaceHint")} error={error("workspaceName")}>
        <Input
          id="workspaceName"
          name="workspaceName"
          required
          defaultValue={value("workspaceName")}
          error={error("workspaceName")}
        />
      </Field>
      <Field id="country" label={t("country")} hint={t("countryHint")} error={error("country")}>
        <Input
          id="country"
          name="country"
          defaultValue={value("country") ?? "BR"}
          maxLength={2}
          className="w-24 uppercase"
          error={error("country")}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={pending || state.ok}>
        {pending ? t("creating") : t("submit")}
      </Button>
    </form>
  );
}

"use client";

import { signIn } from "next-auth/react";
import { useActionState, useEffect, useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { type SetupState, setupAction } from "./actions";

export function SetupForm() {
  const [state, action, pending] = useActionState<SetupState, FormData>(setupAction, {});
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!state.ok || !state.slug || !form.current) return;
    const data = new FormData(form.current);
    void signIn("credentials", { email: data.get("email"), password: data.get("password"), callbackUrl: `/w/${state.slug}` });
  }, [state]);

  const error = (field: string) => state.fieldErrors?.[field];
  return (
    <form ref={form} action={action} className="space-y-4" noValidate>
      {state.message && !state.ok ? <Alert>{state.message}</Alert> : null}
      {state.ok ? <Alert tone="success">All set. Signing you in…</Alert> : null}
      <Field id="name" label="Your name" error={error("name")}>
        <Input id="name" name="name" autoComplete="name" error={error("name")} />
      </Field>
      <Field id="email" label="Email" error={error("email")}>
        <Input id="email" name="email" type="email" autoComplete="email" required error={error("email")} />
      </Field>
      <Field id="password" label="Password" hint="At least 8 characters." error={error("password")}>
        <Input id="password" name="password" type="password" autoComplete="new-password" required error={error("password")} />
      </Field>
      <Field id="workspaceName" label="Workspace name" hint="Your company or team; you can add more workspaces later." error={error("workspaceName")}>
        <Input id="workspaceName" name="workspaceName" required error={error("workspaceName")} />
      </Field>
      <Field id="country" label="Default country of phone numbers" hint="Phones sent without a country code are read in this country." error={error("country")}>
        <Input id="country" name="country" defaultValue="BR" maxLength={2} className="w-24 uppercase" error={error("country")} />
      </Field>
      <Button type="submit" className="w-full" disabled={pending || state.ok}>
        {pending ? "Creating…" : "Create account and workspace"}
      </Button>
    </form>
  );
}

"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import type { ActionState } from "@/lib/forms/action-state";
import type { Role } from "@/lib/workspaces/member-rules";

/** Invites someone without an account by email: they get a one-time link to choose a password. */
export function InviteMemberForm({
  action,
  roles,
}: {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  roles: Role[];
}) {
  const t = useTranslations("email.invite");
  const roleT = useTranslations("roles");
  const [state, formAction, pending] = useActionState(action, {});
  const errors = state.ok ? {} : (state.fieldErrors ?? {});
  const value = (name: string) => (state.ok ? undefined : state.values?.[name]);
  return (
    <form action={formAction} className="space-y-4" noValidate data-testid="invite-form">
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="invite-email" label={t("email")} error={errors.email}>
          <Input id="invite-email" name="email" type="email" required defaultValue={value("email")} error={errors.email} />
        </Field>
        <Field id="invite-name" label={t("name")} error={errors.name}>
          <Input id="invite-name" name="name" defaultValue={value("name")} error={errors.name} />
        </Field>
        <Field id="invite-role" label={t("role")} error={errors.role}>
          <Select id="invite-role" name="role" defaultValue={value("role") ?? "member"} key={String(state.ok)}>
            {roles.map((role) => (
              <option key={role} value={role}>
                {roleT(`${role}.label`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Button type="submit" disabled={pending}>
        {pending ? t("sending") : t("send")}
      </Button>
    </form>
  );
}

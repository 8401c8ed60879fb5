"use client";

import clsx from "clsx";
import { useTranslations } from "next-intl";
import { useActionState, useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import type { ActionState } from "@/lib/forms/action-state";
import type { Role } from "@/lib/workspaces/member-rules";

type Account = "existing" | "new";

const ACCOUNTS: Account[] = ["existing", "new"];

export function AddMemberForm({
  action,
  roles,
}: {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  roles: Role[];
}) {
  const t = useTranslations("members.add");
  const roleNames = useTranslations("roles");
  const [state, formAction, pending] = useActionState(action, {});
  const errors = state.ok ? {} : (state.fieldErrors ?? {});
  const value = (name: string) => (state.ok ? undefined : state.values?.[name]);
  const submittedAccount: Account = value("account") === "new" ? "new" : "existing";
  const submittedRole = (value("role") as Role | undefined) ?? "member";
  // Uncontrolled inputs: React resets the form after each action, which a controlled <select> or radio would
  // not follow (showing one choice, sending another). The state below only decides what is shown.
  const [account, setAccount] = useState<Account>(submittedAccount);
  const [role, setRole] = useState<Role>(submittedRole);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `state` is new after every action, which is when the shown choice must follow the form's reset
  useEffect(() => {
    setAccount(submittedAccount);
    setRole(submittedRole);
  }, [state, submittedAccount, submittedRole]);

  return (
    <form action={formAction} className="@container space-y-4" noValidate>
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <fieldset key={submittedAccount}>
        <legend className="text-sm font-medium text-slate-700">{t("account")}</legend>
        <div className="mt-2 grid gap-2 @lg:grid-cols-2">
          {ACCOUNTS.map((option) => (
            <label
              key={option}
              className={clsx(
                "flex cursor-pointer gap-3 rounded-md px-3 py-2.5 ring-1 ring-inset has-focus-visible:ring-2 has-focus-visible:ring-indigo-600",
                account === option ? "bg-indigo-50 ring-indigo-300" : "bg-white ring-slate-200 hover:bg-slate-50",
              )}
            >
              <input
                type="radio"
                name="account"
                value={option}
                defaultChecked={submittedAccount === option}
                // onClick, not onChange: React's reset after an action checks "Existing account" behind React's
                // back, so React still believes "New account" is checked and drops the change event of choosing it
                // again. A click (also sent for arrow keys) always arrives.
                onClick={() => setAccount(option)}
                className="mt-0.5 accent-indigo-600"
              />
              <span>
                <span className="block text-sm font-medium text-slate-900">{t(`accounts.${option}.label`)}</span>
                <span className="block text-xs text-slate-600">{t(`accounts.${option}.hint`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 @lg:grid-cols-2">
        <Field id="email" label={t("email")} error={errors.email}>
          <Input
            id="email"
            name="email"
            type="email"
            autoComplete="off"
            required
            defaultValue={value("email")}
            error={errors.email}
          />
        </Field>
        <Field id="role" label={t("role")} hint={roleNames(`${role}.description`)} error={errors.role}>
          <Select
            // A select takes its defaultValue only when mounted: remount on the submitted role (see useEffect above).
            key={submittedRole}
            id="role"
            name="role"
            defaultValue={submittedRole}
            onChange={(event) => setRole(event.target.value as Role)}
            error={errors.role}
            aria-describedby={errors.role ? "role-error" : "role-hint"}
          >
            {roles.map((option) => (
              <option key={option} value={option}>
                {roleNames(`${option}.label`)}
              </option>
            ))}
          </Select>
        </Field>
        {account === "new" ? (
          <>
            <Field id="member-name" label={t("name")} hint={t("optional")} error={errors.name}>
              <Input id="member-name" name="name" autoComplete="off" defaultValue={value("name")} error={errors.name} />
            </Field>
            <Field id="password" label={t("password")} hint={t("passwordHint")} error={errors.password}>
              <Input id="password" name="password" type="password" autoComplete="new-password" required error={errors.password} />
            </Field>
          </>
        ) : null}
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? t("adding") : account === "new" ? t("createAndAdd") : t("submit")}
        </Button>
      </div>
    </form>
  );
}

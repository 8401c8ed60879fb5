"use client";

import { useTranslations } from "next-intl";
import { useActionState, useEffect, useId, useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import type { ActionState } from "@/lib/forms/action-state";

/** "Reset password" for a member: a dialog asking for the new password; says so once it is set. */
export function ResetPasswordDialog({
  person,
  userId,
  action,
}: {
  person: string;
  userId: string;
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const t = useTranslations("members.reset");
  const [state, formAction, pending] = useActionState(action, {});
  const error = state.ok ? undefined : state.fieldErrors?.password;
  const inputId = `reset-password-${userId}`;

  useEffect(() => {
    if (state.ok) dialog.current?.close();
  }, [state]);

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => dialog.current?.showModal()}>
        {t("button")}
      </Button>
      {state.ok && state.message ? (
        <p role="status" className="mt-1 w-full text-xs text-emerald-700">
          {state.message}
        </p>
      ) : null}
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 text-left shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-900/40"
      >
        <form action={formAction} className="space-y-4 p-6" noValidate>
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            {t("title", { person })}
          </h2>
          <p className="text-sm text-slate-600">{t("effect")}</p>
          {state.message && !state.ok && !error ? <Alert>{state.message}</Alert> : null}
          <Field id={inputId} label={t("new")} hint={t("hint")} error={error}>
            <Input id={inputId} name="password" type="password" autoComplete="new-password" required error={error} />
          </Field>
          <div className="flex justify-end gap-2 pt-2">
            <Button variant="secondary" onClick={() => dialog.current?.close()}>
              {t("cancel")}
            </Button>
            <Button type="submit" variant="danger" disabled={pending}>
              {pending ? t("resetting") : t("button")}
            </Button>
          </div>
        </form>
      </dialog>
    </>
  );
}

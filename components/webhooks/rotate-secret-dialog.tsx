"use client";

import { useTranslations } from "next-intl";
import { useActionState, useId, useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { ActionState } from "@/lib/forms/action-state";
import { SecretReveal } from "./secret-reveal";

type State = ActionState & { secret?: string };

/** Asks, rotates, then shows the new secret once; the old one keeps signing for 24 hours. */
export function RotateSecretDialog({ action }: { action: (state: State, form: FormData) => Promise<State> }) {
  const t = useTranslations("webhooks.rotate");
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => dialog.current?.showModal()}>
        {t("button")}
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-xl bg-white p-0 text-left shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-900/40"
      >
        <div className="space-y-4 p-6">
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            {t("title")}
          </h2>
          {state.ok && state.secret ? (
            <>
              <Alert tone="success">{t("done")}</Alert>
              <SecretReveal secret={state.secret} />
              <div className="flex justify-end">
                <Button variant="secondary" onClick={() => dialog.current?.close()}>
                  {t("close")}
                </Button>
              </div>
            </>
          ) : (
            <form action={formAction} className="space-y-4">
              <p className="text-sm text-slate-600">{t("explain")}</p>
              {state.message && !state.ok ? <Alert>{state.message}</Alert> : null}
              <div className="flex justify-end gap-2">
                <Button variant="secondary" onClick={() => dialog.current?.close()} autoFocus>
                  {t("cancel")}
                </Button>
                <Button type="submit" disabled={pending}>
                  {pending ? t("rotating") : t("button")}
                </Button>
              </div>
            </form>
          )}
        </div>
      </dialog>
    </>
  );
}

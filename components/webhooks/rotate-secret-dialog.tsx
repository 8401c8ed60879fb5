"use client";

import { useActionState, useId, useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { ActionState } from "@/lib/forms/action-state";
import { SecretReveal } from "./secret-reveal";

type State = ActionState & { secret?: string };

/** Asks, rotates, then shows the new secret once; the old one keeps signing for 24 hours. */
export function RotateSecretDialog({ action }: { action: (state: State, form: FormData) => Promise<State> }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => dialog.current?.showModal()}>
        Rotate secret
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-xl bg-white p-0 text-left shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-900/40"
      >
        <div className="space-y-4 p-6">
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            Rotate the signing secret?
          </h2>
          {state.ok && state.secret ? (
            <>
              <Alert tone="success">
                New secret in use. For 24 hours each request carries two signatures, one with the old secret and one with this, so
                your receiver can switch over without missing a message.
              </Alert>
              <SecretReveal secret={state.secret} />
              <div className="flex justify-end">
                <Button variant="secondary" onClick={() => dialog.current?.close()}>
                  Done
                </Button>
              </div>
            </>
          ) : (
            <form action={formAction} className="space-y-4">
              <p className="text-sm text-slate-600">
                Leadlink makes a new secret and shows it once. The old one keeps signing too for 24 hours, then stops.
              </p>
              {state.message && !state.ok ? <Alert>{state.message}</Alert> : null}
              <div className="flex justify-end gap-2">
                <Button variant="secondary" onClick={() => dialog.current?.close()} autoFocus>
                  Cancel
                </Button>
                <Button type="submit" disabled={pending}>
                  {pending ? "Rotating…" : "Rotate secret"}
                </Button>
              </div>
            </form>
          )}
        </div>
      </dialog>
    </>
  );
}

"use client";

import { useTranslations } from "next-intl";
import { type ReactNode, useActionState, useEffect, useId, useRef } from "react";
import type { ActionState } from "@/lib/forms/action-state";
import { Alert } from "./alert";
import { Button } from "./button";

type Variant = "primary" | "secondary" | "danger" | "ghost";

/**
 * A button that asks before doing something that cannot be undone: a modal dialog (focus stays inside,
 * Escape cancels) whose form posts `fields` to `action`. The dialog closes when the action succeeds and
 * shows its error otherwise.
 */
export function ConfirmDialog({
  trigger,
  triggerVariant = "danger",
  triggerSize = "md",
  title,
  children,
  confirmLabel,
  pendingLabel,
  action,
  fields = {},
}: {
  trigger: ReactNode;
  triggerVariant?: Variant;
  triggerSize?: "sm" | "md";
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  fields?: Record<string, string>;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const t = useTranslations("common");
  const [state, formAction, pending] = useActionState(action, {});

  useEffect(() => {
    if (state.ok) dialog.current?.close();
  }, [state]);

  return (
    <>
      <Button variant={triggerVariant} size={triggerSize} onClick={() => dialog.current?.showModal()}>
        {trigger}
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 text-left shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-900/40"
      >
        <form action={formAction} className="space-y-4 p-6">
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          <div className="space-y-2 text-sm text-slate-600">{children}</div>
          {state.message && !state.ok ? <Alert>{state.message}</Alert> : null}
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className="flex justify-end gap-2 pt-2">
            <Button variant="secondary" onClick={() => dialog.current?.close()} autoFocus>
              {t("cancel")}
            </Button>
            <Button type="submit" variant="danger" disabled={pending}>
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </form>
      </dialog>
    </>
  );
}

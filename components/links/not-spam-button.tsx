"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { ActionState } from "@/lib/forms/action-state";

/** "Not spam" on a spam entry of a link's log: creates the lead from the stored payload (lib/capture/release-spam.ts). */
export function NotSpamButton({ action }: { action: (state: ActionState) => Promise<ActionState> }) {
  const t = useTranslations("forms.spam");
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction} className="space-y-2" data-testid="not-spam">
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" size="sm" disabled={pending}>
          {pending ? t("creating") : t("notSpam")}
        </Button>
        <p className="text-xs text-slate-500">{t("notSpamHint")}</p>
      </div>
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
    </form>
  );
}

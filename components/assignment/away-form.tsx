"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { ActionState } from "@/lib/forms/action-state";

/** "I am away": the link rotations skip the member until they untick it (DESIGN.md section 16). */
export function AwayForm({
  action,
  away,
}: {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  away: boolean;
}) {
  const t = useTranslations("assignment");
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction} className="space-y-3">
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <p className="text-sm text-slate-600">{t("awayIntro")}</p>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" name="away" defaultChecked={away} className="size-4" />
        <span>{t("awayToggle")}</span>
      </label>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {t("awaySave")}
        </Button>
      </div>
    </form>
  );
}

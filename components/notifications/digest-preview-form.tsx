"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { ActionState } from "@/lib/forms/action-state";

/** "Send me a preview now": the digest of the last 24 hours, to the member, at once (DESIGN.md section 13). */
export function DigestPreviewForm({
  action,
  email,
  disabled,
}: {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  email: string;
  disabled: boolean;
}) {
  const t = useTranslations("email.notifications");
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction} className="space-y-3" data-testid="digest-preview-form">
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <p className="text-sm text-slate-600">{t("previewHelp", { email })}</p>
      <Button type="submit" variant="secondary" disabled={pending || disabled}>
        {pending ? t("previewSending") : t("preview")}
      </Button>
    </form>
  );
}

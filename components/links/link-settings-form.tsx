"use client";

import { useTranslations } from "next-intl";
import { useActionState, useEffect, useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { ActionState } from "@/lib/forms/action-state";
import { type LinkSettingsDefaults, LinkSettingsFields } from "./link-settings-fields";

export function LinkSettingsForm({
  action,
  current,
  defaultRateLimit,
}: {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  current: LinkSettingsDefaults;
  defaultRateLimit: string;
}) {
  const t = useTranslations("links.form");
  const [state, formAction, pending] = useActionState(action, {});
  // Another action may change the stored origins ("Allow this origin"): an uncontrolled box would keep showing
  // the old list, and saving it would drop the origin just allowed. Unless the admin has edited it, follow them.
  const origins = useRef<HTMLTextAreaElement>(null);
  const shownOrigins = useRef(current.allowedOrigins);
  useEffect(() => {
    if (origins.current && origins.current.value === shownOrigins.current) origins.current.value = current.allowedOrigins;
    shownOrigins.current = current.allowedOrigins;
  }, [current.allowedOrigins]);
  // After a failure the form shows what was typed; otherwise what is stored (React resets the form after each action).
  const typed = state.ok ? undefined : state.values;
  const defaults: LinkSettingsDefaults = typed
    ? {
        allowedOrigins: typed.allowedOrigins ?? "",
        rateLimit: typed.rateLimit ?? "",
        honeypotField: typed.honeypotField ?? "",
        requireIdentity: typed.requireIdentity === "on",
        requireConsent: typed.requireConsent === "on",
        acceptForms: typed.acceptForms === "on",
        successUrl: typed.successUrl ?? "",
        errorUrl: typed.errorUrl ?? "",
        captchaProvider: typed.captchaProvider ?? "",
        captchaMinScore: typed.captchaMinScore ?? "",
        captchaAcceptOnOutage: typed.captchaAcceptOnOutage === "on",
        captchaSiteKey: typed.captchaSiteKey ?? "",
        captchaSecretSet: current.captchaSecretSet,
      }
    : current;
  return (
    <form action={formAction} className="@container space-y-4" noValidate>
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <LinkSettingsFields
        defaults={defaults}
        errors={state.fieldErrors}
        defaultRateLimit={defaultRateLimit}
        originsRef={origins}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? t("saving") : t("save")}
        </Button>
      </div>
    </form>
  );
}

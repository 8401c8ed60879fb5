"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import type { ActionState } from "@/lib/forms/action-state";
import { LinkSettingsFields } from "./link-settings-fields";
import { SourceFields } from "./source-fields";

export function CreateLinkForm({
  action,
  cancelHref,
  defaultRateLimit,
}: {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  cancelHref: string;
  defaultRateLimit: string;
}) {
  const t = useTranslations("links.form");
  const [state, formAction, pending] = useActionState(action, {});
  const errors = state.fieldErrors ?? {};
  const value = (name: string) => state.values?.[name] ?? "";
  return (
    <form action={formAction} className="@container space-y-5" noValidate>
      {state.message && !state.ok ? <Alert>{state.message}</Alert> : null}
      <Field id="name" label={t("name")} hint={t("nameHint")} error={errors.name}>
        <Input
          id="name"
          name="name"
          required
          maxLength={100}
          autoFocus
          defaultValue={value("name")}
          error={errors.name}
          placeholder={t("namePlaceholder")}
        />
      </Field>
      <SourceFields defaults={state.values ?? {}} errors={errors} />
      <LinkSettingsFields
        defaults={{
          allowedOrigins: value("allowedOrigins"),
          rateLimit: value("rateLimit"),
          honeypotField: value("honeypotField"),
          requireIdentity: value("requireIdentity") === "on",
          requireConsent: value("requireConsent") === "on",
          acceptForms: value("acceptForms") === "on",
          successUrl: value("successUrl"),
          errorUrl: value("errorUrl"),
          captchaProvider: value("captchaProvider"),
          captchaMinScore: value("captchaMinScore"),
          captchaAcceptOnOutage: value("captchaAcceptOnOutage") === "on",
          captchaSiteKey: value("captchaSiteKey"),
          captchaSecretSet: false,
        }}
        errors={errors}
        defaultRateLimit={defaultRateLimit}
      />
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
        <ButtonLink href={cancelHref} variant="secondary">
          {t("cancel")}
        </ButtonLink>
        <Button type="submit" disabled={pending}>
          {pending ? t("creating") : t("create")}
        </Button>
      </div>
    </form>
  );
}

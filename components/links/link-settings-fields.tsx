import { useTranslations } from "next-intl";
import type { Ref } from "react";
import { Field, Input, Textarea } from "@/components/ui/field";
import { type FormCaptureDefaults, FormCaptureFields } from "./form-capture-fields";
import { useRateLabel } from "./use-rate-label";

export interface LinkSettingsDefaults extends FormCaptureDefaults {
  allowedOrigins: string;
  rateLimit: string;
  honeypotField: string;
  requireIdentity: boolean;
  requireConsent: boolean;
}

function describedBy(id: string, error: string | undefined): string {
  return error ? `${id}-error` : `${id}-hint`;
}

/** The inputs a link's create and settings forms share. */
export function LinkSettingsFields({
  defaults,
  errors = {},
  defaultRateLimit,
  originsRef,
}: {
  defaults: LinkSettingsDefaults;
  errors?: Record<string, string>;
  defaultRateLimit: string;
  originsRef?: Ref<HTMLTextAreaElement>;
}) {
  const t = useTranslations("links.form");
  const rate = useRateLabel();
  return (
    <>
      <Field id="allowedOrigins" label={t("origins")} hint={t("originsHint")} error={errors.allowedOrigins}>
        <Textarea
          ref={originsRef}
          id="allowedOrigins"
          name="allowedOrigins"
          rows={3}
          spellCheck={false}
          placeholder={"https://www.example.com\nhttps://*.example.com"}
          defaultValue={defaults.allowedOrigins}
          error={errors.allowedOrigins}
          aria-describedby={describedBy("allowedOrigins", errors.allowedOrigins)}
          className="font-mono"
        />
      </Field>
      <div className="grid gap-4 @xl:grid-cols-2">
        <Field
          id="rateLimit"
          label={t("rateLimit")}
          hint={t("rateLimitHint", { default: rate(defaultRateLimit) })}
          error={errors.rateLimit}
        >
          <Input
            id="rateLimit"
            name="rateLimit"
            placeholder={t("rateLimitPlaceholder", { default: rate(defaultRateLimit) })}
            defaultValue={defaults.rateLimit}
            error={errors.rateLimit}
            spellCheck={false}
          />
        </Field>
        <Field id="honeypotField" label={t("honeypot")} hint={t("honeypotHint")} error={errors.honeypotField}>
          <Input
            id="honeypotField"
            name="honeypotField"
            placeholder={t("none")}
            defaultValue={defaults.honeypotField}
            error={errors.honeypotField}
            spellCheck={false}
          />
        </Field>
      </div>
      <div className="flex items-start gap-3">
        <input
          id="requireIdentity"
          name="requireIdentity"
          type="checkbox"
          defaultChecked={defaults.requireIdentity}
          aria-describedby="requireIdentity-hint"
          className="mt-0.5 size-4 shrink-0 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        />
        <div className="min-w-0">
          <label htmlFor="requireIdentity" className="block text-sm font-medium text-slate-700">
            {t("requireIdentity")}
          </label>
          <p id="requireIdentity-hint" className="text-xs text-slate-500">
            {t("requireIdentityHint")}
          </p>
        </div>
      </div>
      <div className="flex items-start gap-3">
        <input
          id="requireConsent"
          name="requireConsent"
          type="checkbox"
          defaultChecked={defaults.requireConsent}
          aria-describedby="requireConsent-hint"
          className="mt-0.5 size-4 shrink-0 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        />
        <div className="min-w-0">
          <label htmlFor="requireConsent" className="block text-sm font-medium text-slate-700">
            {t("requireConsent")}
          </label>
          <p id="requireConsent-hint" className="text-xs text-slate-500">
            {t.rich("requireConsentHint", { code: (chunks) => <code className="font-mono">{chunks}</code> })}
          </p>
        </div>
      </div>
      <FormCaptureFields defaults={defaults} errors={errors} />
    </>
  );
}

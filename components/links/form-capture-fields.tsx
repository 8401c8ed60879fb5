import { useFormatter, useTranslations } from "next-intl";
import { Field, Input, Select } from "@/components/ui/field";
import { CAPTCHA_PROVIDERS } from "@/lib/links/form-settings";

/** The HTML form and captcha settings of a link as its forms show them (DESIGN.md section 11). */
export interface FormCaptureDefaults {
  acceptForms: boolean;
  successUrl: string;
  errorUrl: string;
  captchaProvider: string;
  captchaMinScore: string;
  captchaAcceptOnOutage: boolean;
  /** The provider's public site key (shown: it is public). */
  captchaSiteKey: string;
  /** A secret is stored: the box stays empty (it is never sent back to the browser), and empty keeps it. */
  captchaSecretSet: boolean;
}

export const NO_FORM_CAPTURE: FormCaptureDefaults = {
  acceptForms: false,
  successUrl: "",
  errorUrl: "",
  captchaProvider: "",
  captchaMinScore: "",
  captchaAcceptOnOutage: false,
  captchaSiteKey: "",
  captchaSecretSet: false,
};

const PROVIDER_LABELS: Record<(typeof CAPTCHA_PROVIDERS)[number], string> = {
  turnstile: "Cloudflare Turnstile",
  hcaptcha: "hCaptcha",
  recaptcha: "Google reCAPTCHA v3",
};

const checkboxClass =
  "mt-0.5 size-4 shrink-0 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";

function Checkbox({ id, label, hint, checked }: { id: string; label: string; hint: string; checked: boolean }) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        name={id}
        type="checkbox"
        defaultChecked={checked}
        aria-describedby={`${id}-hint`}
        className={checkboxClass}
      />
      <div className="min-w-0">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      </div>
    </div>
  );
}

export function FormCaptureFields({ defaults, errors = {} }: { defaults: FormCaptureDefaults; errors?: Record<string, string> }) {
  const t = useTranslations("forms.settings");
  const format = useFormatter();
  // The score in the viewer's decimals ("0,5" in pt-BR; link-form.ts reads either separator back); what was
  // typed and refused is shown as typed.
  const stored = defaults.captchaMinScore;
  const minScore = /^\d+(\.\d+)?$/.test(stored) ? format.number(Number(stored)) : stored;
  return (
    <>
      <fieldset className="space-y-4 border-t border-slate-100 pt-4">
        <legend className="sr-only">{t("formsLegend")}</legend>
        <Checkbox id="acceptForms" label={t("acceptForms")} hint={t("acceptFormsHint")} checked={defaults.acceptForms} />
        <div className="grid gap-4 @xl:grid-cols-2">
          <Field id="successUrl" label={t("successUrl")} hint={t("successUrlHint")} error={errors.successUrl}>
            <Input
              id="successUrl"
              name="successUrl"
              type="url"
              inputMode="url"
              placeholder="https://www.example.com/thanks"
              defaultValue={defaults.successUrl}
              error={errors.successUrl}
              spellCheck={false}
            />
          </Field>
          <Field id="errorUrl" label={t("errorUrl")} hint={t("errorUrlHint")} error={errors.errorUrl}>
            <Input
              id="errorUrl"
              name="errorUrl"
              type="url"
              inputMode="url"
              placeholder="https://www.example.com/form-error"
              defaultValue={defaults.errorUrl}
              error={errors.errorUrl}
              spellCheck={false}
            />
          </Field>
        </div>
      </fieldset>
      <fieldset className="space-y-4 border-t border-slate-100 pt-4">
        <legend className="sr-only">{t("captchaLegend")}</legend>
        <div className="grid gap-4 @xl:grid-cols-2">
          <Field id="captchaProvider" label={t("captcha")} hint={t("captchaHint")} error={errors.captchaProvider}>
            <Select
              id="captchaProvider"
              name="captchaProvider"
              defaultValue={defaults.captchaProvider}
              error={errors.captchaProvider}
            >
              <option value="">{t("captchaNone")}</option>
              {CAPTCHA_PROVIDERS.map((provider) => (
                <option key={provider} value={provider}>
                  {PROVIDER_LABELS[provider]}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            id="captchaSecret"
            label={t("captchaSecret")}
            hint={defaults.captchaSecretSet ? t("captchaSecretStoredHint") : t("captchaSecretNewHint")}
            error={errors.captchaSecret}
          >
            <Input
              id="captchaSecret"
              name="captchaSecret"
              type="password"
              autoComplete="off"
              placeholder={defaults.captchaSecretSet ? t("captchaSecretStored") : ""}
              error={errors.captchaSecret}
              spellCheck={false}
            />
          </Field>
          <Field id="captchaSiteKey" label={t("captchaSiteKey")} hint={t("captchaSiteKeyHint")} error={errors.captchaSiteKey}>
            <Input
              id="captchaSiteKey"
              name="captchaSiteKey"
              autoComplete="off"
              defaultValue={defaults.captchaSiteKey}
              error={errors.captchaSiteKey}
              spellCheck={false}
            />
          </Field>
          <Field id="captchaMinScore" label={t("minScore")} hint={t("minScoreHint")} error={errors.captchaMinScore}>
            <Input
              id="captchaMinScore"
              name="captchaMinScore"
              inputMode="decimal"
              placeholder={format.number(0.5)}
              defaultValue={minScore}
              error={errors.captchaMinScore}
            />
          </Field>
        </div>
        <Checkbox
          id="captchaAcceptOnOutage"
          label={t("acceptOnOutage")}
          hint={t("acceptOnOutageHint")}
          checked={defaults.captchaAcceptOnOutage}
        />
      </fieldset>
    </>
  );
}

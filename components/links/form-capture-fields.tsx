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
  return (
    <>
      <fieldset className="space-y-4 border-t border-slate-100 pt-4">
        <legend className="sr-only">HTML forms</legend>
        <Checkbox
          id="acceptForms"
          label="Accept HTML form posts"
          hint="Also take plain HTML forms (no JavaScript): the visitor is then sent to the pages below. Off: only JSON, and form posts get 415."
          checked={defaults.acceptForms}
        />
        <div className="grid gap-4 @xl:grid-cols-2">
          <Field
            id="successUrl"
            label="Success page"
            hint="Where visitors go after sending the form. Empty: Leadlink's thank-you page."
            error={errors.successUrl}
          >
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
          <Field
            id="errorUrl"
            label="Error page"
            hint="Where visitors go when the form is refused, with ?error=<code>&fields=<names>. Empty: Leadlink's page listing what to fix."
            error={errors.errorUrl}
          >
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
        <legend className="sr-only">Captcha</legend>
        <div className="grid gap-4 @xl:grid-cols-2">
          <Field
            id="captchaProvider"
            label="Captcha"
            hint="Requests without a valid token are refused (422 captcha_failed) and kept under Spam."
            error={errors.captchaProvider}
          >
            <Select
              id="captchaProvider"
              name="captchaProvider"
              defaultValue={defaults.captchaProvider}
              error={errors.captchaProvider}
            >
              <option value="">None</option>
              {CAPTCHA_PROVIDERS.map((provider) => (
                <option key={provider} value={provider}>
                  {PROVIDER_LABELS[provider]}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            id="captchaSecret"
            label="Secret key"
            hint={
              defaults.captchaSecretSet
                ? "A secret is stored (hidden). Leave empty to keep it; type a new one to replace it."
                : "The provider's secret (server) key, not the site key."
            }
            error={errors.captchaSecret}
          >
            <Input
              id="captchaSecret"
              name="captchaSecret"
              type="password"
              autoComplete="off"
              placeholder={defaults.captchaSecretSet ? "••••••••  (stored)" : ""}
              error={errors.captchaSecret}
              spellCheck={false}
            />
          </Field>
          <Field
            id="captchaMinScore"
            label="Minimum score (reCAPTCHA v3)"
            hint="From 0 (bot) to 1 (person); lower scores are refused. Empty: 0.5."
            error={errors.captchaMinScore}
          >
            <Input
              id="captchaMinScore"
              name="captchaMinScore"
              inputMode="decimal"
              placeholder="0.5"
              defaultValue={defaults.captchaMinScore}
              error={errors.captchaMinScore}
            />
          </Field>
        </div>
        <Checkbox
          id="captchaAcceptOnOutage"
          label="Accept leads while the captcha provider is down"
          hint="On: the lead is stored with a captcha_unverified warning. Off: the sender gets 503 captcha_unavailable and may retry."
          checked={defaults.captchaAcceptOnOutage}
        />
      </fieldset>
    </>
  );
}

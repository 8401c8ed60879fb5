import type { LinkFormSettings } from "@/lib/links/link-form-settings";

/** The words a form shows where its document leaves them empty, in the form's language. */
export interface FormDefaultWords {
  labels: Record<string, string>;
  submitLabel: string;
  successMessage: string;
  required: string;
}

/**
 * The hosted form as a visitor would see it (DESIGN.md section 12), drawn from the document being edited:
 * logo, title, description, the fields in order with their help, consent and the button in the theme colour.
 * `inert`: a picture of the form, not a second form the admin could tab into.
 */
export function FormPreview({ form, words, label }: { form: LinkFormSettings; words: FormDefaultWords; label: string }) {
  const color = /^#[0-9a-fA-F]{6}$/.test(form.theme.color) ? form.theme.color : "#1d4ed8";
  return (
    <section aria-label={label} data-testid="form-preview" lang={form.language}>
      <div inert className="rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200 sm:p-6">
        <div
          className="mx-auto max-w-md rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200"
          style={{ borderTop: `4px solid ${color}` }}
        >
          {form.theme.logoUrl?.startsWith("https://") ? (
            // biome-ignore lint/performance/noImgElement: the admin's own logo URL on another host, shown as typed
            <img src={form.theme.logoUrl} alt="" className="mb-3 h-10 w-auto" />
          ) : null}
          <h3 className="text-lg font-semibold text-slate-900" data-testid="preview-title">
            {form.title}
          </h3>
          {form.description ? <p className="mt-1 whitespace-pre-line text-sm text-slate-600">{form.description}</p> : null}
          <div className="mt-4 space-y-3">
            {form.fields.map((field) => {
              const text = field.label || words.labels[field.key] || field.key;
              return (
                <div key={field.key} data-testid="preview-field">
                  <span className="block text-sm font-medium text-slate-800">
                    {text}
                    {field.required ? <span className="text-red-700"> *</span> : null}
                  </span>
                  <span className="mt-1 block h-9 rounded-md bg-white ring-1 ring-inset ring-slate-300" />
                  {field.help ? <span className="mt-1 block text-xs text-slate-600">{field.help}</span> : null}
                </div>
              );
            })}
            {form.consent ? (
              <div className="flex gap-2 text-sm text-slate-700" data-testid="preview-consent">
                <span className="mt-0.5 inline-block size-4 shrink-0 rounded ring-1 ring-inset ring-slate-400" />
                <span>
                  {form.consent.text}
                  {form.consent.required ? <span className="text-red-700"> *</span> : null}
                </span>
              </div>
            ) : null}
          </div>
          <span
            className="mt-5 block w-full rounded-md px-4 py-2 text-center text-sm font-semibold text-white"
            style={{ backgroundColor: color }}
            data-testid="preview-submit"
          >
            {form.submitLabel || words.submitLabel}
          </span>
          <p className="mt-4 rounded-md bg-slate-50 p-3 text-xs text-slate-600" data-testid="preview-success">
            {form.successUrl ? `→ ${form.successUrl}` : form.successMessage || words.successMessage}
          </p>
        </div>
      </div>
    </section>
  );
}

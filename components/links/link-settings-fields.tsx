import type { Ref } from "react";
import { Field, Input, Textarea } from "@/components/ui/field";
import { type FormCaptureDefaults, FormCaptureFields } from "./form-capture-fields";

export interface LinkSettingsDefaults extends FormCaptureDefaults {
  allowedOrigins: string;
  rateLimit: string;
  honeypotField: string;
  requireIdentity: boolean;
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
  return (
    <>
      <Field
        id="allowedOrigins"
        label="Allowed origins"
        hint="One per line, like https://www.example.com or https://*.example.com. Empty: any website may post. Servers and curl send no origin and are always accepted."
        error={errors.allowedOrigins}
      >
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
          label="Rate limit"
          hint={`Requests per visitor's IP, like 600/min, 10/s or 5000/hour; "off" for none. Empty: the server's default (${defaultRateLimit}).`}
          error={errors.rateLimit}
        >
          <Input
            id="rateLimit"
            name="rateLimit"
            placeholder={`Default (${defaultRateLimit})`}
            defaultValue={defaults.rateLimit}
            error={errors.rateLimit}
            spellCheck={false}
          />
        </Field>
        <Field
          id="honeypotField"
          label="Honeypot field"
          hint="A hidden form input only bots fill in, like website. Requests that fill it get a normal answer and are kept as spam, not as leads."
          error={errors.honeypotField}
        >
          <Input
            id="honeypotField"
            name="honeypotField"
            placeholder="None"
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
            Require identity
          </label>
          <p id="requireIdentity-hint" className="text-xs text-slate-500">
            Refuse a request with none of name, email or telephone (422, naming the three fields). Off: it is accepted as a new
            lead with a warning, and no later request can match it.
          </p>
        </div>
      </div>
      <FormCaptureFields defaults={defaults} errors={errors} />
    </>
  );
}

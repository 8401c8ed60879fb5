"use client";

import { useActionState, useEffect, useRef, useState } from "react";
import { CAME_FROM_INPUT, type HostedFormState, IDLE } from "@/lib/capture/hosted-form/hosted-form-state";
import type { HostedField, HostedForm } from "@/lib/capture/hosted-form/load-hosted-form";
import { HostedCaptcha } from "./hosted-captcha";

type FormProps = Pick<
  HostedForm,
  "language" | "title" | "description" | "fields" | "consent" | "submitLabel" | "theme" | "honeypotField" | "captcha"
>;

export interface HostedFormWords {
  required: string;
  choose: string;
  leaveEmpty: string;
  sentTitle: string;
  back: string;
  purposes: string;
  summaryOne: string;
  /** With `{count}` where the number goes. */
  summaryMany: string;
  /** The captcha widget's name, and what the page says when JavaScript is off. */
  captcha: string;
  captchaNeedsScript: string;
}

const inputClass =
  "block w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-1 aria-invalid:border-red-700";

function inputId(name: string): string {
  return `field-${name.replace(/[^A-Za-z0-9_-]+/g, "-")}`;
}

function FieldInput({
  field,
  value,
  describedBy,
  invalid,
  choose,
}: {
  field: HostedField;
  value: string | undefined;
  describedBy: string | undefined;
  invalid: boolean;
  choose: string;
}) {
  const common = {
    id: inputId(field.name),
    name: field.name,
    required: field.required,
    "aria-describedby": describedBy,
    "aria-invalid": invalid || undefined,
  };
  if (field.type === "select") {
    return (
      <select {...common} defaultValue={value ?? ""} className={inputClass}>
        <option value="">{choose}</option>
        {(field.options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      {...common}
      type={field.type === "number" ? "text" : field.type}
      inputMode={field.type === "number" ? "decimal" : undefined}
      autoComplete={field.autoComplete}
      defaultValue={value ?? ""}
      className={inputClass}
    />
  );
}

/**
 * The hosted form (app/f/[token]): a plain HTML form whose action is a server action, so it works before
 * (or without) JavaScript; the answer is this form again, with an error summary on top, each error beside
 * its field and what the visitor typed kept, or the success message in its place.
 */
export function HostedFormView({
  action,
  form,
  words,
  carried,
}: {
  action: (state: HostedFormState, data: FormData) => Promise<HostedFormState>;
  form: FormProps;
  words: HostedFormWords;
  carried: [string, string][];
}) {
  const [state, formAction, pending] = useActionState(action, IDLE);
  const summary = useRef<HTMLDivElement>(null);
  const done = useRef<HTMLDivElement>(null);
  // Each refused answer spent the captcha's token: the widget gets a new one.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (state.status === "refused") {
      summary.current?.focus();
      setAttempt((count) => count + 1);
    }
    if (state.status === "sent") done.current?.focus();
  }, [state]);

  if (state.status === "sent") {
    const back = carried.find(([name]) => name === CAME_FROM_INPUT)?.[1];
    return (
      <div ref={done} tabIndex={-1} role="status" data-testid="hosted-form-sent" className="outline-none">
        <p className="text-sm font-semibold text-slate-700">{words.sentTitle}</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">{state.message}</h1>
        {back ? (
          <p className="mt-4">
            <a href={back} className="font-medium text-slate-900 underline underline-offset-2">
              {words.back}
            </a>
          </p>
        ) : null}
      </div>
    );
  }

  const refused = state.status === "refused" ? state : undefined;
  const errorsOf = (key: string) => refused?.errors.filter((error) => error.field === key) ?? [];
  const typedValue = (name: string) => refused?.values[name]?.[0];
  const fieldKeys = new Set([...form.fields.map((field) => field.key), "consent"]);
  const labelOf = (key: string) =>
    key === "consent" ? form.consent?.text : form.fields.find((field) => field.key === key)?.label;
  const count = refused?.errors.length ?? 0;

  return (
    <form action={formAction} noValidate lang={form.language} data-testid="hosted-form">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{form.title}</h1>
      {form.description ? <p className="mt-2 whitespace-pre-line text-slate-700">{form.description}</p> : null}

      {refused ? (
        <div
          ref={summary}
          tabIndex={-1}
          role="alert"
          data-testid="hosted-form-errors"
          className="mt-5 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 outline-none focus:ring-2 focus:ring-red-700"
        >
          <p className="font-semibold">{refused.problem}</p>
          {count > 0 ? (
            <>
              <p className="mt-1">{count === 1 ? words.summaryOne : words.summaryMany.replace("{count}", String(count))}</p>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {refused.errors.map((error, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the same field may have two issues; the list is rebuilt per answer.
                  <li key={index}>
                    {fieldKeys.has(error.field) ? (
                      <a
                        href={`#${error.field === "consent" ? "field-consent" : inputId(form.fields.find((f) => f.key === error.field)!.name)}`}
                        className="underline"
                      >
                        {error.field === "consent" ? error.message : `${labelOf(error.field)}: ${error.message}`}
                      </a>
                    ) : (
                      error.message
                    )}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}

      <div className="mt-6 space-y-5">
        {form.fields.map((field) => {
          const id = inputId(field.name);
          const errors = errorsOf(field.key);
          const describedBy = [field.help ? `${id}-help` : "", errors.length ? `${id}-error` : ""].filter(Boolean).join(" ");
          if (field.type === "checkbox") {
            return (
              <div key={field.key}>
                <input type="hidden" name={field.name} value="false" />
                <label className="flex items-start gap-3 text-slate-800">
                  <input
                    id={id}
                    type="checkbox"
                    name={field.name}
                    value="true"
                    defaultChecked={refused?.values[field.name]?.includes("true")}
                    aria-describedby={describedBy || undefined}
                    aria-invalid={errors.length > 0 || undefined}
                    className="mt-1 h-5 w-5 shrink-0"
                  />
                  <span>{field.label}</span>
                </label>
                {field.help ? (
                  <p id={`${id}-help`} className="mt-1 pl-8 text-sm text-slate-600">
                    {field.help}
                  </p>
                ) : null}
                {errors.length ? (
                  <p id={`${id}-error`} className="mt-1 pl-8 text-sm font-medium text-red-700">
                    {errors.map((error) => error.message).join("; ")}
                  </p>
                ) : null}
              </div>
            );
          }
          return (
            <div key={field.key}>
              <label htmlFor={id} className="mb-1.5 block font-medium text-slate-900">
                {field.label}
                {field.required ? <span className="font-normal text-slate-600"> ({words.required})</span> : null}
              </label>
              {field.help ? (
                <p id={`${id}-help`} className="mb-1.5 text-sm text-slate-600">
                  {field.help}
                </p>
              ) : null}
              <FieldInput
                field={field}
                value={typedValue(field.name)}
                describedBy={describedBy || undefined}
                invalid={errors.length > 0}
                choose={words.choose}
              />
              {errors.length ? (
                <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
                  {errors.map((error) => error.message).join("; ")}
                </p>
              ) : null}
            </div>
          );
        })}

        {form.consent ? (
          <div>
            <label className="flex items-start gap-3 text-slate-800">
              <input
                id="field-consent"
                type="checkbox"
                name="consent[granted]"
                value="on"
                required={form.consent.required}
                defaultChecked={refused?.values["consent[granted]"] !== undefined}
                aria-describedby={
                  [words.purposes ? "field-consent-purposes" : "", errorsOf("consent").length ? "field-consent-error" : ""]
                    .filter(Boolean)
                    .join(" ") || undefined
                }
                aria-invalid={errorsOf("consent").length > 0 || undefined}
                className="mt-1 h-5 w-5 shrink-0"
              />
              <span>
                {form.consent.text}
                {form.consent.required ? <span className="text-slate-600"> ({words.required})</span> : null}
              </span>
            </label>
            {words.purposes ? (
              <p id="field-consent-purposes" className="mt-1 pl-8 text-sm text-slate-600">
                {words.purposes}
              </p>
            ) : null}
            {errorsOf("consent").length ? (
              <p id="field-consent-error" className="mt-1 pl-8 text-sm font-medium text-red-700">
                {errorsOf("consent")
                  .map((error) => error.message)
                  .join("; ")}
              </p>
            ) : null}
            <input type="hidden" name="consent[text]" value={form.consent.text} />
            <input type="hidden" name="consent[version]" value={form.consent.version} />
            {form.consent.purposes.map((purpose) => (
              <input key={purpose} type="hidden" name="consent[purposes][]" value={purpose} />
            ))}
          </div>
        ) : null}
      </div>

      {form.captcha ? (
        <HostedCaptcha
          captcha={form.captcha}
          language={form.language}
          label={words.captcha}
          needsScript={words.captchaNeedsScript}
          attempt={attempt}
        />
      ) : null}

      {carried.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {form.honeypotField ? (
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label>
            {words.leaveEmpty}
            <input name={form.honeypotField} tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
      ) : null}

      <button
        type="submit"
        disabled={pending}
        className="mt-7 w-full rounded-lg px-4 py-3 text-base font-semibold shadow-sm focus:outline-2 focus:outline-offset-2 focus:outline-slate-900 disabled:opacity-70"
        style={{ backgroundColor: form.theme.color, color: form.theme.textOnColor }}
        data-testid="hosted-form-submit"
      >
        {form.submitLabel}
      </button>
    </form>
  );
}

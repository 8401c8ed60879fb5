"use client";

import { useTranslations } from "next-intl";
import { useActionState, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input, Select, Textarea } from "@/components/ui/field";
import type { ActionState } from "@/lib/forms/action-state";
import type { FormLanguage, LinkFormField, LinkFormSettings } from "@/lib/links/link-form-settings";
import { type FormDefaultWords, FormPreview } from "./form-preview";

export interface FormLanguageWords extends FormDefaultWords {
  consentText: string;
  consentPurpose: string;
}

const LANGUAGES: FormLanguage[] = ["pt-BR", "en", "es"];

/**
 * The Form tab: the whole form settings document as one object in state, the live preview drawn from it,
 * and "Save form" sending it as JSON. Errors come back by JSON path and are shown beside their control.
 */
export function FormEditor({
  action,
  initial,
  choices,
  words,
  linkRequiresConsent,
}: {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  initial: LinkFormSettings;
  /** Every field the form may ask for, named in the admin's language. */
  choices: { key: string; name: string }[];
  words: Record<FormLanguage, FormLanguageWords>;
  linkRequiresConsent: boolean;
}) {
  const t = useTranslations("links.formTab");
  const [state, formAction, pending] = useActionState(action, {});
  const [form, setForm] = useState<LinkFormSettings>(initial);
  const [adding, setAdding] = useState("");
  const errors = state.ok ? {} : (state.fieldErrors ?? {});
  // An error on a list item (`consent.purposes[1]`) belongs to the list's control.
  const error = (path: string) => errors[path] ?? Object.entries(errors).find(([key]) => key.startsWith(`${path}[`))?.[1];
  const nameOf = (key: string) => choices.find((choice) => choice.key === key)?.name ?? key;
  const unused = choices.filter((choice) => !form.fields.some((field) => field.key === choice.key));
  const languageWords = words[form.language];

  const patch = (change: Partial<LinkFormSettings>) => setForm((current) => ({ ...current, ...change }));
  const patchField = (index: number, change: Partial<LinkFormField>) =>
    setForm((current) => ({
      ...current,
      fields: current.fields.map((field, at) => (at === index ? { ...field, ...change } : field)),
    }));
  const move = (index: number, by: -1 | 1) =>
    setForm((current) => {
      const fields = [...current.fields];
      const [field] = fields.splice(index, 1);
      if (field) fields.splice(index + by, 0, field);
      return { ...current, fields };
    });
  // Words left as the old language's defaults follow the new language; words the admin wrote stay.
  const changeLanguage = (language: FormLanguage) =>
    setForm((current) => {
      const before = words[current.language];
      const after = words[language];
      const follow = (value: string, old: string, next: string) => (value === old ? next : value);
      return {
        ...current,
        language,
        fields: current.fields.map((field) => ({
          ...field,
          label: follow(field.label, before.labels[field.key] ?? "", after.labels[field.key] ?? field.label),
        })),
        submitLabel: follow(current.submitLabel, before.submitLabel, after.submitLabel),
        successMessage: follow(current.successMessage, before.successMessage, after.successMessage),
        consent: current.consent && {
          ...current.consent,
          text: follow(current.consent.text, before.consentText, after.consentText),
          purposes: current.consent.purposes.map((purpose) => follow(purpose, before.consentPurpose, after.consentPurpose)),
        },
      };
    });
  const document = {
    ...form,
    consent: form.consent && { ...form.consent, purposes: form.consent.purposes.filter((purpose) => purpose.trim()) },
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
      <form action={formAction} className="min-w-0 space-y-5" noValidate data-testid="form-editor">
        <input type="hidden" name="document" value={JSON.stringify(document)} />
        {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
        <Field id="form-language" label={t("language")} hint={t("languageHint")} error={error("language")}>
          <Select
            id="form-language"
            value={form.language}
            error={error("language")}
            onChange={(event) => changeLanguage(event.target.value as FormLanguage)}
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {t(`languages.${language}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="form-title" label={t("formTitle")} error={error("title")}>
          <Input
            id="form-title"
            value={form.title}
            error={error("title")}
            onChange={(event) => patch({ title: event.target.value })}
          />
        </Field>
        <Field id="form-description" label={t("formDescription")} error={error("description")}>
          <Textarea
            id="form-description"
            rows={2}
            value={form.description}
            error={error("description")}
            onChange={(event) => patch({ description: event.target.value })}
          />
        </Field>

        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900">{t("fields")}</legend>
          <p className="text-xs text-slate-500">{t("fieldsHint")}</p>
          {errors.fields ? (
            <p role="alert" className="text-xs font-medium text-red-600">
              {errors.fields}
            </p>
          ) : null}
          <ol className="space-y-3">
            {form.fields.map((field, index) => {
              const name = nameOf(field.key);
              const at = `fields[${index}]`;
              return (
                <li key={field.key} className="rounded-md p-3 ring-1 ring-slate-200" data-testid="form-field-row">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="text-sm font-medium text-slate-900">
                      {name} <code className="font-mono text-xs text-slate-500">{field.key}</code>
                    </span>
                    <span className="flex gap-1">
                      <Button
                        type="button"
                        variant="secondary"
                        size="sm"
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                        aria-label={t("moveUp", { field: name })}
                      >
                        ↑
                      </Button>
                      <Button
                        type="button"
                        variant="secondary"
                        size="sm"
                        disabled={index === form.fields.length - 1}
                        onClick={() => move(index, 1)}
                        aria-label={t("moveDown", { field: name })}
                      >
                        ↓
                      </Button>
                      <Button
                        type="button"
                        variant="secondary"
                        size="sm"
                        onClick={() => patch({ fields: form.fields.filter((_, other) => other !== index) })}
                        aria-label={t("remove", { field: name })}
                      >
                        ✕
                      </Button>
                    </span>
                  </div>
                  {error(`${at}.key`) ? (
                    <p role="alert" className="mt-1 text-xs font-medium text-red-600">
                      {error(`${at}.key`)}
                    </p>
                  ) : null}
                  <div className="mt-2 grid gap-3 sm:grid-cols-2">
                    <Field id={`field-${index}-label`} label={t("fieldLabel")} error={error(`${at}.label`)}>
                      <Input
                        id={`field-${index}-label`}
                        value={field.label}
                        placeholder={languageWords.labels[field.key]}
                        error={error(`${at}.label`)}
                        onChange={(event) => patchField(index, { label: event.target.value })}
                      />
                    </Field>
                    <Field id={`field-${index}-help`} label={t("fieldHelp")} error={error(`${at}.help`)}>
                      <Input
                        id={`field-${index}-help`}
                        value={field.help}
                        error={error(`${at}.help`)}
                        onChange={(event) => patchField(index, { help: event.target.value })}
                      />
                    </Field>
                  </div>
                  <label className="mt-2 flex items-center gap-2 text-sm text-slate-700">
                    <input
                      type="checkbox"
                      checked={field.required}
                      onChange={(event) => patchField(index, { required: event.target.checked })}
                      className="size-4 rounded border-slate-300 text-indigo-600"
                    />
                    {t("fieldRequired")}
                  </label>
                </li>
              );
            })}
          </ol>
          {unused.length > 0 ? (
            <div className="flex items-end gap-2">
              <Field id="form-add-field" label={t("addField")} className="min-w-0 flex-1">
                <Select id="form-add-field" value={adding} onChange={(event) => setAdding(event.target.value)}>
                  <option value="">—</option>
                  {unused.map((choice) => (
                    <option key={choice.key} value={choice.key}>
                      {choice.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Button
                type="button"
                variant="secondary"
                disabled={adding === ""}
                onClick={() => {
                  patch({
                    fields: [
                      ...form.fields,
                      { key: adding, label: languageWords.labels[adding] ?? "", help: "", required: false },
                    ],
                  });
                  setAdding("");
                }}
              >
                {t("add")}
              </Button>
            </div>
          ) : null}
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900">{t("consent")}</legend>
          {error("consent") && !Object.keys(errors).some((key) => key.startsWith("consent.")) ? (
            <p role="alert" className="text-xs font-medium text-red-600">
              {error("consent")}
            </p>
          ) : null}
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={form.consent !== null}
              disabled={linkRequiresConsent}
              onChange={(event) =>
                patch({
                  consent: event.target.checked
                    ? { text: languageWords.consentText, version: "1", purposes: [languageWords.consentPurpose], required: true }
                    : null,
                })
              }
              className="size-4 rounded border-slate-300 text-indigo-600"
            />
            {t("consentOn")}
          </label>
          {linkRequiresConsent ? <p className="text-xs text-slate-500">{t("consentLinkRequires")}</p> : null}
          {form.consent ? (
            <ConsentControls
              consent={form.consent}
              error={error}
              locked={linkRequiresConsent}
              onChange={(consent) => patch({ consent })}
            />
          ) : null}
        </fieldset>

        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="form-submit-label" label={t("submitLabel")} error={error("submitLabel")}>
            <Input
              id="form-submit-label"
              value={form.submitLabel}
              placeholder={languageWords.submitLabel}
              error={error("submitLabel")}
              onChange={(event) => patch({ submitLabel: event.target.value })}
            />
          </Field>
          <Field id="form-color" label={t("color")} error={error("theme.color")}>
            <div className="flex gap-2">
              <input
                type="color"
                aria-label={t("color")}
                value={/^#[0-9a-fA-F]{6}$/.test(form.theme.color) ? form.theme.color : "#1d4ed8"}
                onChange={(event) => patch({ theme: { ...form.theme, color: event.target.value } })}
                className="h-9 w-12 shrink-0 rounded-md ring-1 ring-slate-300"
              />
              <Input
                id="form-color"
                value={form.theme.color}
                error={error("theme.color")}
                onChange={(event) => patch({ theme: { ...form.theme, color: event.target.value } })}
                className="font-mono"
              />
            </div>
          </Field>
        </div>
        <Field id="form-success-message" label={t("successMessage")} error={error("successMessage")}>
          <Textarea
            id="form-success-message"
            rows={2}
            value={form.successMessage}
            placeholder={languageWords.successMessage}
            error={error("successMessage")}
            onChange={(event) => patch({ successMessage: event.target.value })}
          />
        </Field>
        <Field id="form-success-url" label={t("successUrl")} hint={t("successUrlHint")} error={error("successUrl")}>
          <Input
            id="form-success-url"
            type="url"
            value={form.successUrl ?? ""}
            error={error("successUrl")}
            onChange={(event) => patch({ successUrl: event.target.value.trim() === "" ? null : event.target.value })}
          />
        </Field>
        <Field id="form-logo-url" label={t("logoUrl")} hint={t("logoUrlHint")} error={error("theme.logoUrl")}>
          <Input
            id="form-logo-url"
            type="url"
            value={form.theme.logoUrl ?? ""}
            error={error("theme.logoUrl")}
            onChange={(event) =>
              patch({ theme: { ...form.theme, logoUrl: event.target.value.trim() === "" ? null : event.target.value } })
            }
          />
        </Field>
        {error("document") ? <Alert tone="error">{t("invalidDocument")}</Alert> : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={pending}>
            {pending ? t("saving") : t("save")}
          </Button>
        </div>
      </form>
      <div className="min-w-0 lg:sticky lg:top-4">
        <h2 className="text-sm font-semibold text-slate-900">{t("preview")}</h2>
        <p className="mb-3 text-xs text-slate-500">{t("previewHint")}</p>
        <FormPreview form={form} words={{ ...languageWords, required: t("required") }} label={t("preview")} />
      </div>
    </div>
  );
}

function ConsentControls({
  consent,
  error,
  locked,
  onChange,
}: {
  consent: NonNullable<LinkFormSettings["consent"]>;
  error: (path: string) => string | undefined;
  locked: boolean;
  onChange: (consent: NonNullable<LinkFormSettings["consent"]>) => void;
}) {
  const t = useTranslations("links.formTab");
  return (
    <div className="space-y-3">
      <Field id="consent-text" label={t("consentText")} error={error("consent.text")}>
        <Textarea
          id="consent-text"
          rows={3}
          value={consent.text}
          error={error("consent.text")}
          onChange={(event) => onChange({ ...consent, text: event.target.value })}
        />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="consent-version" label={t("consentVersion")} hint={t("consentVersionHint")} error={error("consent.version")}>
          <Input
            id="consent-version"
            value={consent.version}
            error={error("consent.version")}
            onChange={(event) => onChange({ ...consent, version: event.target.value })}
          />
        </Field>
        <Field id="consent-purposes" label={t("consentPurposes")} error={error("consent.purposes")}>
          <Textarea
            id="consent-purposes"
            rows={2}
            value={consent.purposes.join("\n")}
            error={error("consent.purposes")}
            onChange={(event) => onChange({ ...consent, purposes: event.target.value.split("\n") })}
          />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={consent.required}
          disabled={locked}
          onChange={(event) => onChange({ ...consent, required: event.target.checked })}
          className="size-4 rounded border-slate-300 text-indigo-600"
        />
        {t("consentRequired")}
      </label>
      {!locked && consent.required ? <p className="text-xs text-slate-500">{t("consentRequiredEffect")}</p> : null}
    </div>
  );
}

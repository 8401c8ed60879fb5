"use client";

import { useTranslations } from "next-intl";
import { useActionState, useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input, Select, Textarea } from "@/components/ui/field";
import { FIELD_TYPES, type FieldType } from "@/lib/fields/custom-field";
import { suggestFieldKey } from "@/lib/fields/suggest-field-key";
import type { ActionState } from "@/lib/forms/action-state";

export function CreateFieldForm({ action }: { action: (state: ActionState, form: FormData) => Promise<ActionState> }) {
  const t = useTranslations("fields.form");
  const types = useTranslations("fields.types");
  const [state, formAction, pending] = useActionState(action, {});
  const errors = state.ok ? {} : (state.fieldErrors ?? {});
  const value = (name: string) => (state.ok ? undefined : state.values?.[name]);
  const submittedType = (value("type") as FieldType | undefined) ?? "text";
  // The menu is uncontrolled: React resets the form after each action, and a controlled <select> would then
  // show its first option while keeping another value. `type` only decides what is shown, and follows the reset.
  const [type, setType] = useState<FieldType>(submittedType);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `state` is new after every action, which is when the shown choice must follow the form's reset
  useEffect(() => setType(submittedType), [state, submittedType]);
  const described = (id: string) => (errors[id] ? `${id}-error` : `${id}-hint`);
  // The key follows the label as it is typed ("Funcionários" -> funcionarios) until the key is edited by hand.
  const nameInput = useRef<HTMLInputElement>(null);
  const [nameEdited, setNameEdited] = useState(Boolean(value("name")));
  // biome-ignore lint/correctness/useExhaustiveDependencies: after each action the form is reset (or shows what was sent): suggest again unless a key was typed
  useEffect(() => setNameEdited(Boolean(value("name"))), [state]);

  return (
    <form action={formAction} className="@container space-y-4" noValidate>
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <div className="grid gap-4 @2xl:grid-cols-3">
        <Field id="label" label={t("label")} hint={t("labelHint")} error={errors.label}>
          <Input
            id="label"
            name="label"
            required
            maxLength={100}
            defaultValue={value("label")}
            error={errors.label}
            onChange={(event) => {
              if (!nameEdited && nameInput.current) nameInput.current.value = suggestFieldKey(event.target.value);
            }}
          />
        </Field>
        <Field id="name" label={t("name")} hint={t("nameHint")} error={errors.name}>
          <Input
            ref={nameInput}
            id="name"
            name="name"
            onChange={(event) => setNameEdited(event.target.value !== "")}
            required
            maxLength={64}
            spellCheck={false}
            autoCapitalize="off"
            className="font-mono"
            defaultValue={value("name")}
            error={errors.name}
          />
        </Field>
        <Field id="type" label={t("type")} hint={types(`${type}.hint`)} error={errors.type}>
          <Select
            // React applies a select's defaultValue only when it mounts; remounting on the submitted type makes
            // the reset that follows each action land on it.
            key={submittedType}
            id="type"
            name="type"
            defaultValue={submittedType}
            onChange={(event) => setType(event.target.value as FieldType)}
            error={errors.type}
            aria-describedby={described("type")}
          >
            {FIELD_TYPES.map((option) => (
              <option key={option} value={option}>
                {types(`${option}.label`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div hidden={type !== "select"}>
        <Field id="options" label={t("options")} hint={t("optionsHint")} error={errors.options}>
          <Textarea
            id="options"
            name="options"
            rows={4}
            defaultValue={value("options")}
            error={errors.options}
            aria-describedby={described("options")}
            placeholder={t("optionsPlaceholder")}
          />
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? t("creating") : t("create")}
        </Button>
      </div>
    </form>
  );
}

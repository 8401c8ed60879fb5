"use client";

import { useTranslations } from "next-intl";
import { useActionState, useEffect } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input, Textarea } from "@/components/ui/field";
import type { ActionState } from "@/lib/forms/action-state";

/** Edits a field's label and, for a select field, its options; the name and type stay. */
export function EditFieldForm({
  fieldId,
  label,
  options,
  action,
  onDone,
}: {
  fieldId: string;
  label: string;
  /** A select field's options; undefined for other types. */
  options?: string[];
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  onDone: () => void;
}) {
  const t = useTranslations("fields.form");
  const [state, formAction, pending] = useActionState(action, {});
  useEffect(() => {
    if (state.ok) onDone();
  }, [state, onDone]);
  const errors = state.fieldErrors ?? {};
  const typed = state.ok ? undefined : state.values;
  const id = (name: string) => `${name}-${fieldId}`;

  return (
    <form action={formAction} className="space-y-3" noValidate aria-label={t("edit")}>
      {state.message && !state.ok ? <Alert>{state.message}</Alert> : null}
      <div className="grid gap-3 md:grid-cols-2">
        <Field id={id("label")} label={t("label")} error={errors.label} hint={t("editLabelHint")}>
          <Input
            id={id("label")}
            name="label"
            required
            maxLength={100}
            defaultValue={typed?.label ?? label}
            error={errors.label}
            autoFocus
          />
        </Field>
        {options ? (
          <Field id={id("options")} label={t("options")} error={errors.options} hint={t("editOptionsHint")}>
            <Textarea
              id={id("options")}
              name="options"
              rows={Math.min(8, Math.max(3, options.length + 1))}
              defaultValue={typed?.options ?? options.join("\n")}
              error={errors.options}
              aria-describedby={errors.options ? `${id("options")}-error` : `${id("options")}-hint`}
            />
          </Field>
        ) : null}
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onDone}>
          {t("cancel")}
        </Button>
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? t("saving") : t("save")}
        </Button>
      </div>
    </form>
  );
}

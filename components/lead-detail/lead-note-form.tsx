"use client";

import { useTranslations } from "next-intl";
import { useActionState, useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Field, Textarea } from "@/components/ui/field";
import type { ActionState } from "@/lib/forms/action-state";
import { MAX_NOTE_LENGTH } from "@/lib/leads/lead-workflow-input";

/** Adds a note to the lead's timeline; the box empties once the note is saved. */
export function LeadNoteForm({ action }: { action: (state: ActionState, form: FormData) => Promise<ActionState> }) {
  const t = useTranslations("workflow.notes");
  const [state, formAction, pending] = useActionState(action, {});
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (state.ok) form.current?.reset();
  }, [state]);
  return (
    <form ref={form} action={formAction} className="space-y-3" data-testid="lead-note-form">
      <Field id="lead-note" label={t("label")} error={state.fieldErrors?.body ?? (state.ok ? undefined : state.message)}>
        <Textarea
          id="lead-note"
          name="body"
          rows={3}
          required
          maxLength={MAX_NOTE_LENGTH}
          defaultValue={state.ok ? "" : state.values?.body}
          placeholder={t("placeholder")}
        />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? t("adding") : t("add")}
        </Button>
      </div>
    </form>
  );
}

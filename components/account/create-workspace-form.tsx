"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import type { ActionState } from "@/lib/forms/action-state";

export function CreateWorkspaceForm({ action }: { action: (state: ActionState, form: FormData) => Promise<ActionState> }) {
  const t = useTranslations("workspaces.form");
  const [state, formAction, pending] = useActionState(action, {});
  const errors = state.ok ? {} : (state.fieldErrors ?? {});
  const value = (name: string) => (state.ok ? undefined : state.values?.[name]);
  return (
    <form action={formAction} className="space-y-4" noValidate>
      {state.message && !state.ok ? <Alert>{state.message}</Alert> : null}
      <Field id="name" label={t("name")} hint={t("nameHint")} error={errors.name}>
        <Input id="name" name="name" required maxLength={100} defaultValue={value("name")} error={errors.name} />
      </Field>
      <Field id="slug" label={t("slug")} hint={t("slugHint")} error={errors.slug}>
        <Input
          id="slug"
          name="slug"
          maxLength={63}
          spellCheck={false}
          autoCapitalize="off"
          className="font-mono"
          defaultValue={value("slug")}
          error={errors.slug}
        />
      </Field>
      <Field id="country" label={t("country")} hint={t("countryHint")} error={errors.country}>
        {/* The width on a wrapper: inputClass's w-full would win over a width on the input itself. */}
        <div className="w-24">
          <Input
            id="country"
            name="country"
            maxLength={2}
            autoComplete="country"
            className="uppercase"
            defaultValue={value("country") ?? "BR"}
            error={errors.country}
          />
        </div>
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? t("creating") : t("submit")}
        </Button>
      </div>
    </form>
  );
}

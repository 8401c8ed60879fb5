"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import type { CreateApiKeyState } from "@/app/(admin)/w/[slug]/api-keys/actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Field, Input, Select } from "@/components/ui/field";

export function CreateApiKeyForm({
  action,
}: {
  action: (state: CreateApiKeyState, form: FormData) => Promise<CreateApiKeyState>;
}) {
  const t = useTranslations("apiKeys");
  const [state, formAction, pending] = useActionState(action, {});
  const errors = state.ok ? {} : (state.fieldErrors ?? {});
  const scopeName = (scope: string) => (scope === "write" ? t("scopeWrite") : t("scopeRead"));
  return (
    <div className="space-y-4">
      {state.created ? (
        <div className="space-y-2 rounded-md bg-emerald-50 p-4 ring-1 ring-emerald-200" data-testid="new-api-key">
          <p className="text-sm font-medium text-emerald-900">
            {t("createdNotice", { name: state.created.name, scope: scopeName(state.created.scope) })}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="min-w-0 flex-1 break-all rounded bg-white px-3 py-2 font-mono text-xs text-slate-900 ring-1 ring-emerald-200">
              {state.created.token}
            </code>
            <CopyButton value={state.created.token} label={t("copyToken")} />
          </div>
          <p className="text-xs text-emerald-800">
            {t.rich("usage", {
              code: (chunks) => <code>{chunks}</code>,
              docs: (chunks) => (
                <a className="underline" href="/docs">
                  {chunks}
                </a>
              ),
            })}
          </p>
        </div>
      ) : null}
      {state.message && !state.ok ? <Alert>{state.message}</Alert> : null}
      <form action={formAction} className="@container space-y-4" noValidate>
        <div className="grid gap-4 @lg:grid-cols-2">
          <Field id="api-key-name" label={t("nameLabel")} hint={t("nameHint")} error={errors.name}>
            <Input
              id="api-key-name"
              name="name"
              required
              maxLength={100}
              autoComplete="off"
              defaultValue={state.ok ? undefined : state.values?.name}
              error={errors.name}
            />
          </Field>
          <Field id="api-key-scope" label={t("scopeLabel")} hint={t("scopeHint")} error={errors.scope}>
            <Select id="api-key-scope" name="scope" defaultValue="read" error={errors.scope}>
              <option value="read">{t("scopeRead")}</option>
              <option value="write">{t("scopeWrite")}</option>
            </Select>
          </Field>
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={pending}>
            {pending ? t("submitPending") : t("submit")}
          </Button>
        </div>
      </form>
    </div>
  );
}

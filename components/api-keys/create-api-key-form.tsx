"use client";

import { useActionState } from "react";
import type { CreateApiKeyState } from "@/app/(admin)/w/[slug]/api-keys/actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Field, Input, Select } from "@/components/ui/field";
import { API_KEY_SCOPES } from "@/lib/api-keys/api-key-input";

const SCOPE_HINTS: Record<(typeof API_KEY_SCOPES)[number], string> = {
  read: "Read: list and read leads, links, fields and webhooks.",
  write: "Write: also create links, fields and webhooks, revoke links, delete webhooks.",
};

export function CreateApiKeyForm({
  action,
}: {
  action: (state: CreateApiKeyState, form: FormData) => Promise<CreateApiKeyState>;
}) {
  const [state, formAction, pending] = useActionState(action, {});
  const errors = state.ok ? {} : (state.fieldErrors ?? {});
  return (
    <div className="space-y-4">
      {state.created ? (
        <div className="space-y-2 rounded-md bg-emerald-50 p-4 ring-1 ring-emerald-200" data-testid="new-api-key">
          <p className="text-sm font-medium text-emerald-900">
            Key “{state.created.name}” ({state.created.scope}) created. Copy its token now: it is shown only once.
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="min-w-0 flex-1 break-all rounded bg-white px-3 py-2 font-mono text-xs text-slate-900 ring-1 ring-emerald-200">
              {state.created.token}
            </code>
            <CopyButton value={state.created.token} label="Copy token" />
          </div>
          <p className="text-xs text-emerald-800">
            Send it as <code>Authorization: Bearer {"<token>"}</code>. See the{" "}
            <a className="underline" href="/docs">
              API reference
            </a>
            .
          </p>
        </div>
      ) : null}
      {state.message && !state.ok ? <Alert>{state.message}</Alert> : null}
      <form action={formAction} className="@container space-y-4" noValidate>
        <div className="grid gap-4 @lg:grid-cols-2">
          <Field id="api-key-name" label="Name" hint="What uses it, e.g. Zapier or CRM sync." error={errors.name}>
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
          <Field id="api-key-scope" label="Scope" hint={`${SCOPE_HINTS.read} ${SCOPE_HINTS.write}`} error={errors.scope}>
            <Select id="api-key-scope" name="scope" defaultValue="read" error={errors.scope}>
              {API_KEY_SCOPES.map((scope) => (
                <option key={scope} value={scope}>
                  {scope === "read" ? "Read" : "Write"}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={pending}>
            {pending ? "Creating…" : "Create key"}
          </Button>
        </div>
      </form>
    </div>
  );
}

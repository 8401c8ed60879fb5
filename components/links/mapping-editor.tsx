"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import type { MappingTrialState } from "@/app/(admin)/w/[slug]/links/[id]/mapping-actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Textarea } from "@/components/ui/field";
import { LocalTime } from "@/components/ui/local-time";
import { ScrollablePre } from "@/components/ui/scrollable-pre";
import type { ActionState } from "@/lib/forms/action-state";

/**
 * A mapping link's expression (DESIGN.md section 15): edited and saved (it must compile), and tried on the
 * link's last request received, showing the lead it maps to or where it failed. One form, two buttons: "Try"
 * runs the expression as typed, saved or not.
 */
export function MappingEditor({
  expression,
  save,
  tryIt,
  canEdit,
}: {
  expression: string;
  save: (state: ActionState, form: FormData) => Promise<ActionState>;
  tryIt: (state: MappingTrialState, form: FormData) => Promise<MappingTrialState>;
  canEdit: boolean;
}) {
  const t = useTranslations("sourceMapping");
  const [saved, saveAction, saving] = useActionState(save, {});
  const [trial, tryAction, trying] = useActionState(tryIt, {});
  const typed = saved.ok ? undefined : saved.values?.expression;
  const error = saved.fieldErrors ? Object.values(saved.fieldErrors).join(" ") : undefined;
  return (
    <form action={saveAction} className="space-y-4" noValidate>
      {saved.message ? <Alert tone={saved.ok ? "success" : "error"}>{saved.message}</Alert> : null}
      <Field id="mapping-expression" label={t("expression")} hint={t("expressionHint")} error={error}>
        <Textarea
          id="mapping-expression"
          name="expression"
          rows={14}
          spellCheck={false}
          readOnly={!canEdit}
          defaultValue={typed ?? expression}
          error={error}
          aria-describedby={error ? "mapping-expression-error" : "mapping-expression-hint"}
          className="font-mono text-xs"
        />
      </Field>
      {canEdit ? (
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="submit" variant="secondary" formAction={tryAction} disabled={trying}>
            {trying ? t("trying") : t("try")}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? t("saving") : t("save")}
          </Button>
        </div>
      ) : null}
      <TrialResult trial={trial} />
    </form>
  );
}

function TrialResult({ trial }: { trial: MappingTrialState }) {
  const t = useTranslations("sourceMapping");
  if (!trial.trial) return trial.message ? <Alert tone="error">{trial.message}</Alert> : null;
  const when = trial.receivedAt ? (
    <p className="text-xs text-slate-500">
      {t("lastRequest")} <LocalTime value={trial.receivedAt} />
    </p>
  ) : null;
  return (
    <section aria-live="polite" className="space-y-2" data-testid="mapping-trial">
      {trial.trial === "no_request" ? <Alert tone="info">{t("noRequest")}</Alert> : null}
      {trial.trial === "unreadable" ? <Alert tone="error">{t("unreadable")}</Alert> : null}
      {trial.trial === "mapped" ? (
        <>
          <Alert tone="success">{t("mapped")}</Alert>
          {when}
          <ScrollablePre
            label={t("mappedLead")}
            className="max-h-96 overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100"
          >
            {trial.mapped}
          </ScrollablePre>
          {trial.platform ? (
            <ScrollablePre label={t("platformIds")} className="overflow-auto rounded-md bg-slate-100 p-3 text-xs text-slate-800">
              {trial.platform}
            </ScrollablePre>
          ) : null}
        </>
      ) : null}
      {trial.trial === "failed" ? (
        <>
          <Alert tone="error">{t("failed")}</Alert>
          {when}
          <ul className="space-y-1 text-sm">
            {(trial.failures ?? []).map((failure) => (
              <li key={`${failure.field}-${failure.code}`}>
                <code className="font-mono text-xs text-red-700">{failure.field}</code>{" "}
                <span className="text-slate-700">{t("failure", { code: failure.code })}</span>{" "}
                <span className="break-words font-mono text-xs text-slate-600">{failure.message}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import type { ActionState } from "@/lib/forms/action-state";
import { LEAD_STATUSES, MAX_TAG_LENGTH } from "@/lib/leads/lead-workflow-input";

export interface MemberOption {
  id: string;
  label: string;
}

/** A lead's status, owner and tags, saved together. */
export function LeadWorkflowForm({
  status,
  ownerId,
  tags,
  members,
  knownTags,
  action,
}: {
  status: string;
  ownerId: string | null;
  tags: string[];
  members: MemberOption[];
  knownTags: string[];
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
}) {
  const t = useTranslations("workflow");
  const [state, formAction, pending] = useActionState(action, {});
  const values = state.ok ? undefined : state.values;
  return (
    <form action={formAction} className="space-y-4" data-testid="lead-workflow-form">
      <Field id="lead-status" label={t("form.status")} error={state.fieldErrors?.status}>
        <Select id="lead-status" name="status" defaultValue={values?.status ?? status} key={`status-${status}`}>
          {LEAD_STATUSES.map((option) => (
            <option key={option} value={option}>
              {t(`status.${option}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="lead-owner" label={t("form.owner")} error={state.fieldErrors?.ownerId}>
        <Select id="lead-owner" name="ownerId" defaultValue={values?.ownerId ?? ownerId ?? ""} key={`owner-${ownerId}`}>
          <option value="">{t("form.unassigned")}</option>
          {members.map((member) => (
            <option key={member.id} value={member.id}>
              {member.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="lead-tags" label={t("form.tags")} hint={t("form.tagsHint")} error={state.fieldErrors?.tags}>
        <Input
          id="lead-tags"
          name="tags"
          key={`tags-${tags.join(",")}`}
          defaultValue={values?.tags ?? tags.join(", ")}
          placeholder={t("form.tagsPlaceholder")}
          list="lead-tag-suggestions"
          autoComplete="off"
          maxLength={MAX_TAG_LENGTH * 50}
        />
        <datalist id="lead-tag-suggestions">
          {knownTags.map((tag) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>
      </Field>
      <div className="flex items-center justify-end gap-3">
        {state.message ? (
          <p role={state.ok ? "status" : "alert"} className={state.ok ? "text-sm text-emerald-700" : "text-sm text-red-600"}>
            {state.message}
          </p>
        ) : null}
        <Button type="submit" disabled={pending}>
          {pending ? t("form.saving") : t("form.save")}
        </Button>
      </div>
    </form>
  );
}

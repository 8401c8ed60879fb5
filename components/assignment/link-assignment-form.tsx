"use client";

import { useTranslations } from "next-intl";
import { useActionState, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import type { AssignmentChoice } from "@/lib/assignment/assignment-choices";
import type { ActionState } from "@/lib/forms/action-state";

/**
 * A link's assignment (DESIGN.md section 16): round-robin on or off, the members it rotates through (ticked, in
 * the order listed: the rotation first, then the others), and the response target in minutes.
 */
export function LinkAssignmentForm({
  action,
  roundRobin,
  members,
  chosen,
  responseTargetMinutes,
}: {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  roundRobin: boolean;
  members: AssignmentChoice[];
  chosen: string[];
  responseTargetMinutes: number | null;
}) {
  const t = useTranslations("assignment");
  const [state, formAction, pending] = useActionState(action, {});
  const typed = state.ok ? undefined : state.values;
  // Controlled: React resets a form after each action, and the typed values keep one value per name, so the
  // ticked members would be lost after a refused save.
  const [ticked, setTicked] = useState(() => new Set(chosen));
  const ordered = [
    ...chosen.flatMap((id) => members.filter((member) => member.id === id)),
    ...members.filter((member) => !chosen.includes(member.id)),
  ];
  return (
    <form action={formAction} className="space-y-4" noValidate>
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          name="roundRobin"
          defaultChecked={typed ? typed.roundRobin === "on" : roundRobin}
          className="mt-0.5 size-4"
        />
        <span>{t("roundRobin")}</span>
      </label>
      <fieldset aria-describedby="assignees-hint">
        <legend className="block text-sm font-medium text-slate-700">{t("members")}</legend>
        <p id="assignees-hint" className="mt-1 text-xs text-slate-500">
          {t("membersHint")}
        </p>
        <ul className="mt-2 space-y-1">
          {ordered.map((member) => (
            <li key={member.id}>
              <label className="flex min-w-0 items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  name="assigneeIds"
                  value={member.id}
                  checked={ticked.has(member.id)}
                  onChange={(event) => {
                    const next = new Set(ticked);
                    if (event.target.checked) next.add(member.id);
                    else next.delete(member.id);
                    setTicked(next);
                  }}
                  className="size-4 shrink-0"
                />
                <span className="min-w-0 break-all">{member.label}</span>
                {member.away ? (
                  <span className="shrink-0 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
                    {t("away")}
                  </span>
                ) : null}
              </label>
            </li>
          ))}
        </ul>
        {state.fieldErrors?.assigneeIds ? (
          <p role="alert" className="mt-1 text-xs font-medium text-red-600">
            {state.fieldErrors.assigneeIds}
          </p>
        ) : null}
      </fieldset>
      <Field
        id="responseTargetMinutes"
        label={t("responseTarget")}
        hint={t("responseTargetHint")}
        error={state.fieldErrors?.responseTargetMinutes}
      >
        <Input
          id="responseTargetMinutes"
          name="responseTargetMinutes"
          type="number"
          inputMode="numeric"
          min={1}
          max={10080}
          defaultValue={typed ? typed.responseTargetMinutes : (responseTargetMinutes ?? "")}
          aria-describedby={
            state.fieldErrors?.responseTargetMinutes ? "responseTargetMinutes-error" : "responseTargetMinutes-hint"
          }
          error={state.fieldErrors?.responseTargetMinutes}
          className="max-w-40"
        />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}

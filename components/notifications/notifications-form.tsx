"use client";

import { useTranslations } from "next-intl";
import { useActionState, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { ActionState } from "@/lib/forms/action-state";

const MODES = [
  { value: "instant", label: "instant", hint: "instantHint" },
  { value: "digest", label: "digest", hint: "digestHint" },
  { value: "none", label: "none", hint: "noneHint" },
] as const;

export function NotificationsForm({
  action,
  mode,
  chosenLinks,
  links,
}: {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  mode: string;
  chosenLinks: string[];
  links: { id: string; name: string }[];
}) {
  const t = useTranslations("email.notifications");
  const [state, formAction, pending] = useActionState(action, {});
  const [chosen, setChosen] = useState(chosenLinks.length > 0);
  return (
    <form action={formAction} className="space-y-5" data-testid="notifications-form">
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t("when")}</legend>
        <div className="mt-2 space-y-2">
          {MODES.map((option) => (
            <label
              key={option.value}
              className="flex items-start gap-3 rounded-md p-2 ring-1 ring-slate-200 has-[:checked]:ring-indigo-400"
            >
              <input type="radio" name="mode" value={option.value} defaultChecked={mode === option.value} className="mt-1" />
              <span>
                <span className="block text-sm font-medium text-slate-900">{t(option.label)}</span>
                <span className="block text-xs text-slate-500">{t(option.hint)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t("which")}</legend>
        <div className="mt-2 space-y-2 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="scope" value="all" checked={!chosen} onChange={() => setChosen(false)} />
            {t("allLinks")}
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="scope"
              value="chosen"
              checked={chosen}
              onChange={() => setChosen(true)}
              disabled={links.length === 0}
            />
            {t("chosenLinks")}
          </label>
          {chosen ? (
            <div className="ml-6 space-y-1">
              {links.map((link) => (
                <label key={link.id} className="flex items-center gap-2 break-all">
                  <input type="checkbox" name="link" value={link.id} defaultChecked={chosenLinks.includes(link.id)} />
                  {link.name}
                </label>
              ))}
            </div>
          ) : null}
        </div>
      </fieldset>
      <Button type="submit" disabled={pending}>
        {pending ? t("saving") : t("save")}
      </Button>
    </form>
  );
}

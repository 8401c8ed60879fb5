"use client";

import { useTranslations } from "next-intl";
import { useActionState, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
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
  whatsapp,
  zone,
}: {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  mode: string;
  chosenLinks: string[];
  links: { id: string; name: string }[];
  /** The member's WhatsApp number ("" for none); undefined when the server has no WhatsApp configured. */
  whatsapp?: string;
  /** The workspace's time zone as people read it, where digests are sent at 08:00. */
  zone: string;
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
                <span className="block text-xs text-slate-500">{t(option.hint, { zone })}</span>
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
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t("whatsappTitle")}</legend>
        {whatsapp === undefined ? (
          <p className="mt-2 text-sm text-slate-500" data-testid="whatsapp-off">
            {t("whatsappOff")}
          </p>
        ) : (
          <div className="mt-2 max-w-sm">
            <Field id="whatsapp" label={t("whatsappNumber")} hint={t("whatsappHint")} error={state.fieldErrors?.whatsappNumber}>
              <Input
                id="whatsapp"
                name="whatsapp"
                type="tel"
                autoComplete="tel"
                maxLength={40}
                defaultValue={whatsapp}
                error={state.fieldErrors?.whatsappNumber}
                placeholder="+55 11 98765-4321"
              />
            </Field>
          </div>
        )}
      </fieldset>
      <Button type="submit" disabled={pending}>
        {pending ? t("saving") : t("save")}
      </Button>
    </form>
  );
}

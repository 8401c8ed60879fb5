"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, startTransition, useActionState, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { Field, Input, Textarea } from "@/components/ui/field";
import type { ActionState } from "@/lib/forms/action-state";
import { type EndpointKind, WEBHOOK_EVENTS, type WebhookEvent } from "@/lib/webhooks/endpoint-input";
import { EVENT_HINT_KEYS } from "./event-labels";
import { HeaderRows } from "./header-rows";
import { SecretReveal } from "./secret-reveal";

export interface EndpointFormDefaults {
  kind: EndpointKind;
  url: string;
  /** A Telegram endpoint's chat, and its token as masked once saved (the box starts empty and keeps it). */
  chatId?: string;
  maskedBotToken?: string;
  events: WebhookEvent[];
  linkIds: string[];
  headers: { name: string; value: string; masked?: string }[];
  description: string;
}

type State = ActionState & { secret?: string; endpointId?: string };

/**
 * Creates or edits an endpoint. Submitted from onSubmit rather than the form's action, so that a refused
 * form keeps everything typed (React resets a form after its action; ticked boxes and header rows would go).
 */
export function EndpointForm({
  action,
  defaults,
  links,
  cancelHref,
  submitLabel,
  endpointsPath,
}: {
  action: (state: State, form: FormData) => Promise<State>;
  defaults: EndpointFormDefaults;
  links: { id: string; name: string }[];
  cancelHref: string;
  submitLabel: string;
  endpointsPath: string;
}) {
  const t = useTranslations("webhooks");
  const [state, formAction, pending] = useActionState(action, {});
  const errors = state.fieldErrors ?? {};
  const headerError = Object.entries(errors).find(([field]) => field.startsWith("headers"))?.[1];
  // A Telegram endpoint has a bot token and a chat instead of a URL and headers.
  const [kind, setKind] = useState<EndpointKind>(defaults.kind);

  if (state.ok && state.secret && state.endpointId) {
    return (
      <div className="space-y-4">
        <Alert tone="success">{t("form.created")}</Alert>
        <SecretReveal secret={state.secret} />
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
          <ButtonLink href={`${endpointsPath}/${state.endpointId}`}>{t("form.open")}</ButtonLink>
        </div>
      </div>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    startTransition(() => formAction(data));
  }

  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      {state.message && !state.ok ? <Alert>{state.message}</Alert> : null}
      <fieldset>
        <legend className="block text-sm font-medium text-slate-700">{t("form.kind")}</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-700">
          {(["webhook", "slack", "telegram"] as const).map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input type="radio" name="kind" value={value} checked={kind === value} onChange={() => setKind(value)} />
              {t(value === "webhook" ? "form.kindWebhook" : value === "slack" ? "form.kindSlack" : "form.kindTelegram")}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === "telegram" ? (
        <>
          <Field
            id="botToken"
            label={t("form.botToken")}
            hint={defaults.maskedBotToken ? t("form.botTokenKept", { masked: defaults.maskedBotToken }) : t("form.botTokenHint")}
            error={errors.botToken}
          >
            <Input
              id="botToken"
              name="botToken"
              type="password"
              autoComplete="off"
              required={!defaults.maskedBotToken}
              maxLength={200}
              error={errors.botToken}
              placeholder="123456789:AAE…"
              className="font-mono"
            />
          </Field>
          <Field id="chatId" label={t("form.chatId")} hint={t("form.chatIdHint")} error={errors.chatId}>
            <Input
              id="chatId"
              name="chatId"
              required
              maxLength={40}
              defaultValue={defaults.chatId ?? ""}
              error={errors.chatId}
              placeholder="-1001234567890"
              className="font-mono"
            />
          </Field>
        </>
      ) : (
        <Field id="url" label={t("form.url")} hint={t("form.urlHint")} error={errors.url}>
          <Input
            id="url"
            name="url"
            type="url"
            required
            maxLength={2048}
            defaultValue={defaults.url}
            error={errors.url}
            placeholder="https://example.com/leadlink"
            className="font-mono"
          />
        </Field>
      )}
      <fieldset aria-describedby="events-hint">
        <legend className="block text-sm font-medium text-slate-700">{t("form.events")}</legend>
        <p id="events-hint" className="mt-1 text-xs text-slate-500">
          {t("form.eventsHint")}
        </p>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="flex items-start gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                name="events"
                value={event}
                defaultChecked={defaults.events.includes(event)}
                className="mt-0.5"
              />
              <span>
                <span className="font-mono text-xs">{event}</span>
                <span className="block text-xs text-slate-500">{t(`event.${EVENT_HINT_KEYS[event]}`)}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.events ? (
          <p role="alert" className="mt-1 text-xs font-medium text-red-600">
            {errors.events}
          </p>
        ) : null}
      </fieldset>
      <fieldset aria-describedby="links-hint">
        <legend className="block text-sm font-medium text-slate-700">{t("form.links")}</legend>
        <p id="links-hint" className="mt-1 text-xs text-slate-500">
          {t("form.linksHint")}
        </p>
        {links.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">{t("form.noLinks")}</p>
        ) : (
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {links.map((link) => (
              <label key={link.id} className="flex min-w-0 items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" name="linkIds" value={link.id} defaultChecked={defaults.linkIds.includes(link.id)} />
                <span className="truncate">{link.name}</span>
              </label>
            ))}
          </div>
        )}
        {errors.linkIds ? (
          <p role="alert" className="mt-1 text-xs font-medium text-red-600">
            {errors.linkIds}
          </p>
        ) : null}
      </fieldset>
      {kind === "telegram" ? null : <HeaderRows initial={defaults.headers} error={headerError} />}
      <Field id="description" label={t("form.description")} hint={t("form.descriptionHint")} error={errors.description}>
        <Textarea
          id="description"
          name="description"
          rows={2}
          maxLength={500}
          defaultValue={defaults.description}
          error={errors.description}
        />
      </Field>
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
        <ButtonLink href={cancelHref} variant="secondary">
          {t("form.cancel")}
        </ButtonLink>
        <Button type="submit" disabled={pending}>
          {pending ? t("form.saving") : submitLabel}
        </Button>
      </div>
    </form>
  );
}

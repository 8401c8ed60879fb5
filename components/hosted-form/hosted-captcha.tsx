"use client";

import { useEffect, useRef, useState } from "react";
import { WIDGET_RESPONSE_FIELDS } from "@/lib/capture/captcha/captcha-widget";
import type { HostedForm } from "@/lib/capture/hosted-form/load-hosted-form";

type Captcha = NonNullable<HostedForm["captcha"]>;

/** Explicit rendering, as Turnstile and hCaptcha document it: render into an element, reset by the widget's id. */
interface ChallengeApi {
  render: (element: HTMLElement, options: Record<string, unknown>) => string | number;
  reset: (id?: string | number) => void;
}

/** What the providers' scripts put on `window` (each documents these calls). */
interface ProviderApis {
  turnstile?: ChallengeApi;
  hcaptcha?: ChallengeApi;
  grecaptcha?: {
    ready: (callback: () => void) => void;
    execute: (siteKey: string, options: { action: string }) => Promise<string>;
  };
}

/** reCAPTCHA v3 tokens live two minutes: a fresh one well before that. */
const RECAPTCHA_REFRESH_MS = 90_000;
const SCRIPT_POLL_MS = 100;

/**
 * The link's captcha widget inside the hosted form (the page loads its script, with the CSP's nonce). Rendered
 * explicitly once React has the page, so hydration never meets the provider's markup: Turnstile and hCaptcha
 * draw their challenge into this element and add their response field to the form; reCAPTCHA v3 has no
 * challenge, so a fresh token goes into a hidden `g-recaptcha-response`. A refused post spent the token: a new
 * `attempt` resets the widget. Without JavaScript no widget runs, and the page says so (the note goes away
 * once the page's script runs).
 */
export function HostedCaptcha({
  captcha,
  language,
  label,
  needsScript,
  attempt,
}: {
  captcha: Captcha;
  language: string;
  label: string;
  needsScript: string;
  attempt: number;
}) {
  const widget = useRef<HTMLDivElement>(null);
  const token = useRef<HTMLInputElement>(null);
  const rendered = useRef<string | number | undefined>(undefined);
  // Shown until the page's JavaScript runs: without it (a browser with JavaScript off) the note stays. Not a
  // <noscript>, which a browser whose scripts are only switched off for the page still hides.
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);

  // Render (or, for reCAPTCHA, ask for a token) as soon as the provider's async script is there.
  useEffect(() => {
    const apis = window as unknown as ProviderApis;
    let stopped = false;
    const recaptchaToken = () =>
      apis.grecaptcha?.ready(() => {
        void apis.grecaptcha!.execute(captcha.siteKey, { action: "submit" }).then((value) => {
          if (!stopped && token.current) token.current.value = value;
        });
      });
    const start = () => {
      if (captcha.provider === "recaptcha") {
        if (!apis.grecaptcha) return false;
        recaptchaToken();
        return true;
      }
      const api = apis[captcha.provider];
      if (!api || !widget.current) return false;
      if (rendered.current === undefined) {
        rendered.current = api.render(widget.current, {
          sitekey: captcha.siteKey,
          language,
          hl: language,
          "response-field-name": WIDGET_RESPONSE_FIELDS[captcha.provider],
        });
      }
      return true;
    };
    const waiting = window.setInterval(() => {
      if (start()) window.clearInterval(waiting);
    }, SCRIPT_POLL_MS);
    const fresh = captcha.provider === "recaptcha" ? window.setInterval(recaptchaToken, RECAPTCHA_REFRESH_MS) : undefined;
    return () => {
      stopped = true;
      window.clearInterval(waiting);
      if (fresh !== undefined) window.clearInterval(fresh);
    };
  }, [captcha, language]);

  // After a refused post: a new challenge (Turnstile, hCaptcha) or a new token (reCAPTCHA).
  useEffect(() => {
    if (attempt === 0) return;
    const apis = window as unknown as ProviderApis;
    if (captcha.provider === "recaptcha") {
      apis.grecaptcha?.ready(() => {
        void apis.grecaptcha!.execute(captcha.siteKey, { action: "submit" }).then((value) => {
          if (token.current) token.current.value = value;
        });
      });
    } else if (rendered.current !== undefined) {
      apis[captcha.provider]?.reset(rendered.current);
    }
  }, [attempt, captcha]);

  return (
    <fieldset className="mt-6" data-testid="hosted-form-captcha">
      <legend className="sr-only">{label}</legend>
      {captcha.provider === "recaptcha" ? (
        <input ref={token} type="hidden" name={WIDGET_RESPONSE_FIELDS.recaptcha} defaultValue="" />
      ) : (
        <div ref={widget} />
      )}
      {scripted ? null : (
        <p
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="hosted-form-captcha-needs-script"
        >
          {needsScript}
        </p>
      )}
    </fieldset>
  );
}

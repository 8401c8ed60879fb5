"use client";

import { useEffect, useRef } from "react";
import { WIDGET_RESPONSE_FIELDS } from "@/lib/capture/captcha/captcha-widget";
import type { HostedForm } from "@/lib/capture/hosted-form/load-hosted-form";

type Captcha = NonNullable<HostedForm["captcha"]>;

/** What the providers' scripts put on `window` (each documents these calls). */
interface ProviderApis {
  turnstile?: { reset: (widget?: Element) => void };
  hcaptcha?: { reset: (id?: string) => void };
  grecaptcha?: {
    ready: (callback: () => void) => void;
    execute: (siteKey: string, options: { action: string }) => Promise<string>;
  };
}

/** reCAPTCHA v3 tokens live two minutes: a fresh one well before that. */
const RECAPTCHA_REFRESH_MS = 90_000;

/**
 * The link's captcha widget inside the hosted form (its script is loaded by the page, with the CSP's nonce):
 * Turnstile and hCaptcha render their challenge into their element and add their response field to the form;
 * reCAPTCHA v3 has no challenge, so a fresh token goes into a hidden `g-recaptcha-response`. After a refused
 * post the spent token is replaced (`attempt` changes). Without JavaScript no widget can run: the page says so.
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

  useEffect(() => {
    const apis = window as unknown as ProviderApis;
    if (captcha.provider !== "recaptcha") {
      if (attempt === 0) return;
      if (captcha.provider === "turnstile" && widget.current) apis.turnstile?.reset(widget.current);
      if (captcha.provider === "hcaptcha") apis.hcaptcha?.reset();
      return;
    }
    let stopped = false;
    const refresh = () => {
      const recaptcha = apis.grecaptcha;
      if (!recaptcha) return;
      recaptcha.ready(() => {
        void recaptcha.execute(captcha.siteKey, { action: "submit" }).then((value) => {
          if (!stopped && token.current) token.current.value = value;
        });
      });
    };
    // The script is async: ask as soon as it is there, then keep the token fresh.
    const waiting = window.setInterval(() => {
      if (!apis.grecaptcha) return;
      window.clearInterval(waiting);
      refresh();
    }, 200);
    const fresh = window.setInterval(refresh, RECAPTCHA_REFRESH_MS);
    return () => {
      stopped = true;
      window.clearInterval(waiting);
      window.clearInterval(fresh);
    };
  }, [captcha, attempt]);

  return (
    <fieldset className="mt-6" data-testid="hosted-form-captcha">
      <legend className="sr-only">{label}</legend>
      {captcha.provider === "recaptcha" ? (
        <input ref={token} type="hidden" name={WIDGET_RESPONSE_FIELDS.recaptcha} defaultValue="" />
      ) : (
        <div
          ref={widget}
          className={captcha.provider === "turnstile" ? "cf-turnstile" : "h-captcha"}
          data-sitekey={captcha.siteKey}
          data-language={language}
          data-response-field-name={WIDGET_RESPONSE_FIELDS[captcha.provider]}
        />
      )}
      <noscript>
        <p
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="hosted-form-captcha-needs-script"
        >
          {needsScript}
        </p>
      </noscript>
    </fieldset>
  );
}

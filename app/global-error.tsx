"use client";

import "./globals.css";
import { NextIntlClientProvider } from "next-intl";
import { useSyncExternalStore } from "react";
import { ErrorExplanation, RetryButton } from "@/components/ui/error-details";
import { StatusPage } from "@/components/ui/status-page";
import en from "@/messages/en.json";
import ptBR from "@/messages/pt-BR.json";

// The root layout failed, and with it the request's language and catalogue: this page brings the errors' own
// strings, in the browser's language once hydrated (English on the server, so hydration matches).
const MESSAGES = { en: { errors: en.errors }, "pt-BR": { errors: ptBR.errors } };
const noSubscription = () => () => {};

/** The browser's first language the admin speaks (lib/i18n/locales.ts reads the same from Accept-Language). */
function browserLocale(): "en" | "pt-BR" {
  const first = navigator.languages.map((tag) => tag.toLowerCase().split("-")[0]).find((base) => base === "pt" || base === "en");
  return first === "pt" ? "pt-BR" : "en";
}

/** The last resort: the root layout itself failed, so this page brings its own <html>. */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const locale = useSyncExternalStore(noSubscription, browserLocale, () => "en" as const);
  const t = MESSAGES[locale].errors;
  return (
    <html lang={locale}>
      <head>
        <title>{`${t.title} · Leadlink`}</title>
      </head>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone="UTC">
          <StatusPage framed status={t.status} title={t.title}>
            <ErrorExplanation digest={error.digest} />
            <div className="flex justify-center pt-4">
              <RetryButton reset={reset} />
            </div>
          </StatusPage>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}

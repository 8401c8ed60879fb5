import { headers } from "next/headers";
import { cache } from "react";
import { currentSession } from "@/lib/auth/session";
import { DEFAULT_LOCALE, type Locale, negotiateAdminLocale } from "@/lib/i18n/locales";
import { log } from "@/lib/log";

/**
 * The language of the page or action being served (once per request): the signed-in user's choice from
 * the account page, else the browser's Accept-Language, else English. A database that cannot answer
 * leaves the browser's choice: the error page that follows must still render.
 */
export const getRequestLocale = cache(async (): Promise<Locale> => {
  const browser = negotiateAdminLocale((await headers()).get("accept-language"));
  try {
    // Read with the session (lib/auth/sessions.ts): no statement of its own.
    return (await currentSession())?.locale ?? browser;
  } catch (error) {
    log.debug({ err: error }, "the user's language could not be read; following the browser");
    return browser ?? DEFAULT_LOCALE;
  }
});

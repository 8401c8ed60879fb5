import { cookies, headers } from "next/headers";
import { cache } from "react";
import { formattingLocale } from "@/lib/i18n/locales";
import { getRequestLocale } from "@/lib/request/request-locale";
import { negotiateLocale } from "@/lib/time/negotiate-locale";
import { canonicalTimeZone, DEFAULT_TIME_ZONE, TIME_ZONE_COOKIE } from "@/lib/time/time-zone";

/** How the person reading a page wants dates and numbers: their browser's language and time zone. */
export interface Viewer {
  /**
   * The BCP 47 tag dates and numbers are written in: the admin's language (lib/request/request-locale.ts),
   * "pt-BR", or for English the browser's own English ("en-GB"), else "en-US".
   */
  locale: string;
  /** An IANA zone from the browser's cookie; UTC until the browser has told it. */
  timeZone: string;
  /** Whether timeZone came from the browser (false: the UTC fallback of a first visit). */
  timeZoneKnown: boolean;
}

/** The viewer of the page being rendered (once per request). */
export const getViewer = cache(async (): Promise<Viewer> => {
  const [cookieStore, headerList, language] = await Promise.all([cookies(), headers(), getRequestLocale()]);
  const timeZone = canonicalTimeZone(cookieStore.get(TIME_ZONE_COOKIE)?.value);
  return {
    locale: formattingLocale(language, negotiateLocale(headerList.get("accept-language"))),
    timeZone: timeZone ?? DEFAULT_TIME_ZONE,
    timeZoneKnown: timeZone !== undefined,
  };
});

import { cookies, headers } from "next/headers";
import { cache } from "react";
import { negotiateLocale } from "./negotiate-locale";
import { canonicalTimeZone, DEFAULT_TIME_ZONE, TIME_ZONE_COOKIE } from "./time-zone";

/** How the person reading a page wants dates and numbers: their browser's language and time zone. */
export interface Viewer {
  /** A BCP 47 tag that Intl supports here, from Accept-Language ("pt-BR"); "en-US" without one. */
  locale: string;
  /** An IANA zone from the browser's cookie; UTC until the browser has told it. */
  timeZone: string;
  /** Whether timeZone came from the browser (false: the UTC fallback of a first visit). */
  timeZoneKnown: boolean;
}

/** The viewer of the page being rendered (once per request). */
export const getViewer = cache(async (): Promise<Viewer> => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const timeZone = canonicalTimeZone(cookieStore.get(TIME_ZONE_COOKIE)?.value);
  return {
    locale: negotiateLocale(headerList.get("accept-language")),
    timeZone: timeZone ?? DEFAULT_TIME_ZONE,
    timeZoneKnown: timeZone !== undefined,
  };
});

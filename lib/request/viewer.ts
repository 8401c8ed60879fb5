import { cookies, headers } from "next/headers";
import { cache } from "react";
import { currentSession } from "@/lib/auth/session";
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
  /**
   * An IANA zone: the one the signed-in user chose on the account page, else the browser's (its cookie); UTC
   * until the browser has told it.
   */
  timeZone: string;
  /** Whether timeZone is the person's (false: the UTC fallback of a first visit). */
  timeZoneKnown: boolean;
}

/** The signed-in user's own zone, read with the session (no statement of its own); none when it cannot be read. */
async function chosenTimeZone(): Promise<string | undefined> {
  try {
    return canonicalTimeZone((await currentSession())?.timeZone);
  } catch {
    // The session's own reader reports a database that cannot answer; the browser's zone does here.
    return undefined;
  }
}

/** The viewer of the page being rendered (once per request). */
export const getViewer = cache(async (): Promise<Viewer> => {
  const [cookieStore, headerList, language, chosen] = await Promise.all([
    cookies(),
    headers(),
    getRequestLocale(),
    chosenTimeZone(),
  ]);
  const timeZone = chosen ?? canonicalTimeZone(cookieStore.get(TIME_ZONE_COOKIE)?.value);
  return {
    locale: formattingLocale(language, negotiateLocale(headerList.get("accept-language"))),
    timeZone: timeZone ?? DEFAULT_TIME_ZONE,
    timeZoneKnown: timeZone !== undefined,
  };
});

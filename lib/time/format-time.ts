/** How a moment or a day reads for a viewer: their language's format, in their time zone, with Intl. */

export interface TimeSettings {
  locale: string;
  timeZone: string;
}

export type TimeMode = "datetime" | "date" | "relative";

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

/**
 * Intl formatters by language, zone and shape. Making one costs far more than formatting with it (the
 * leads table formats two times per row; making them per call was a tenth of the page's server time), and
 * they are immutable, so each is made once. Bounded: the keys come from requests (a browser's zone cookie).
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
const MAX_FORMATTERS = 500;

function memoised<T extends Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let format = formatters.get(key) as T | undefined;
  if (!format) {
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    format = make();
    formatters.set(key, format);
  }
  return format;
}

/** "há 5 minutos", "in 2 days", "now": relative to `now`, in the viewer's language. */
export function formatRelative(instant: Date, locale: string, now: number = Date.now()): string {
  const seconds = (instant.getTime() - now) / 1000;
  const format = memoised(`relative|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: "auto" }));
  if (Math.abs(seconds) < 45) return format.format(0, "second");
  const [unit, size] = UNITS.find(([, size]) => Math.abs(seconds) >= size) ?? ["second", 1];
  return format.format(Math.round(seconds / size), unit);
}

/**
 * A moment for reading. "datetime" names the zone ("20 de nov. de 2026, 14:02:05 BRT", "Nov 20, 2026,
 * 02:02:05 PM GMT-3"), because a time without its zone is ambiguous the moment two people compare notes.
 */
export function formatInstant(instant: Date, { locale, timeZone }: TimeSettings, mode: TimeMode = "datetime"): string {
  if (mode === "relative") return formatRelative(instant, locale);
  if (mode === "date")
    return memoised(
      `date|${locale}|${timeZone}`,
      () => new Intl.DateTimeFormat(locale, { timeZone, year: "numeric", month: "short", day: "numeric" }),
    ).format(instant);
  return memoised(
    `datetime|${locale}|${timeZone}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        timeZone,
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
        timeZoneName: "short",
      }),
  ).format(instant);
}

/**
 * A calendar day (YYYY-MM-DD: a birthday, a dashboard day already in the viewer's zone) in the viewer's
 * language. A day has no zone: it is formatted as the UTC day it names so no zone can move it.
 */
export function formatDay(
  day: string,
  locale: string,
  options: Intl.DateTimeFormatOptions = { month: "short", day: "numeric" },
): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : date.toLocaleDateString(locale, { ...options, timeZone: "UTC" });
}

/** A count in the viewer's language (1.234 in pt-BR, 1,234 in en). */
export function formatCount(value: number, locale: string): string {
  return value.toLocaleString(locale);
}

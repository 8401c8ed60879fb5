import { formatPhone } from "@/lib/phone/format-phone";
import { formatCount, formatDay, formatInstant, formatRelative, type TimeSettings } from "@/lib/time/format-time";

/**
 * Everything the admin writes that is not a sentence, in the viewer's language and time zone. Server
 * components get one from getFormatters() (lib/request/get-formatters.ts), client components from
 * useFormatters() (components/ui/use-formatters.ts); both build it here, so they agree.
 */
export interface Formatters {
  /** "20 de nov. de 2026, 14:02:05 BRT" / "Nov 20, 2026, 02:02:05 PM GMT-3": the zone is always named. */
  dateTime(instant: Date | string): string;
  /** "20 de nov. de 2026" / "Nov 20, 2026", the day in the viewer's zone. */
  date(instant: Date | string): string;
  /** "há 5 minutos" / "5 minutes ago". */
  relative(instant: Date | string): string;
  /** A calendar day "YYYY-MM-DD" (no zone): "20 de nov." / "Nov 20". */
  day(day: string, options?: Intl.DateTimeFormatOptions): string;
  /** 1.234 / 1,234. */
  number(value: number, options?: Intl.NumberFormatOptions): string;
  /** A stored phone (E.164 digits): "+55 11 98765-4321" in every language. */
  phone(digits: string): string;
}

export function createFormatters(settings: TimeSettings): Formatters {
  const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
  return {
    dateTime: (instant) => formatInstant(asDate(instant), settings, "datetime"),
    date: (instant) => formatInstant(asDate(instant), settings, "date"),
    relative: (instant) => formatRelative(asDate(instant), settings.locale),
    day: (day, options) => formatDay(day, settings.locale, options),
    number: (value, options) =>
      options ? new Intl.NumberFormat(settings.locale, options).format(value) : formatCount(value, settings.locale),
    phone: formatPhone,
  };
}

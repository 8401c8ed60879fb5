import Negotiator from "negotiator";

/** The admin's languages: each has a catalogue in messages/<locale>.json. */
export const LOCALES = ["en", "pt-BR"] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en";

/** Each language's name in itself, for the language menu. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", "pt-BR": "Português (Brasil)" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * The admin language for an Accept-Language header: the first language the browser asks for (by q-value,
 * read by negotiator) that the admin speaks. Any Portuguese reads pt-BR (closer to pt-PT than English is),
 * any English reads en; without one of them, English.
 */
export function negotiateAdminLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  for (const tag of new Negotiator({ headers: { "accept-language": acceptLanguage } }).languages()) {
    const base = tag.toLowerCase().split("-")[0];
    if (base === "pt") return "pt-BR";
    if (base === "en") return "en";
  }
  return DEFAULT_LOCALE;
}

/**
 * The Intl locale that dates and numbers are written in for an admin language: pt-BR for Portuguese; for
 * English, the browser's own English when it asks for one first (en-GB writes 20 Nov 2026), else en-US.
 */
export function formattingLocale(locale: Locale, browserLocale: string | undefined): string {
  if (locale === "pt-BR") return "pt-BR";
  return browserLocale?.toLowerCase().startsWith("en") ? browserLocale : "en-US";
}

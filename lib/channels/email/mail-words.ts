import { createTranslator } from "use-intl/core";
import type { Locale } from "@/lib/i18n/locales";
import { messagesFor } from "@/lib/i18n/messages";

/** The catalogue's words for emails (namespace `mail` of messages/<locale>.json), in one language. */
export function mailTranslator(locale: Locale) {
  return createTranslator({ locale, messages: messagesFor(locale), namespace: "mail" });
}
export type MailTranslator = ReturnType<typeof mailTranslator>;

/** The Intl locale an email's dates and numbers are written in for a language. */
export function formattingLocaleOf(locale: Locale): string {
  return locale === "pt-BR" ? "pt-BR" : "en-US";
}

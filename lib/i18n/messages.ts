import en from "@/messages/en.json";
import ptBR from "@/messages/pt-BR.json";
import type { Locale } from "./locales";

/** The catalogue's shape: English is the reference, and the test keeps pt-BR's keys the same. */
export type Messages = typeof en;

const CATALOGUES: Record<Locale, Messages> = { en, "pt-BR": ptBR };

export function messagesFor(locale: Locale): Messages {
  return CATALOGUES[locale];
}

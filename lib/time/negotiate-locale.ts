import Negotiator from "negotiator";

export const DEFAULT_LOCALE = "en-US";

/**
 * The first language of an Accept-Language header that Intl formats here ("pt-BR", "pt", "en-GB"…),
 * else en-US. The header's q-values are read by negotiator (the parser Express uses).
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): string {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const wanted = new Negotiator({ headers: { "accept-language": acceptLanguage } }).languages();
  for (const tag of wanted) {
    if (tag === "*") break;
    try {
      const [supported] = Intl.DateTimeFormat.supportedLocalesOf(tag);
      if (supported) return supported;
    } catch {
      // Not a well-formed language tag: try the next one.
    }
  }
  return DEFAULT_LOCALE;
}

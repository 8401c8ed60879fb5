import { headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { REQUEST_PATH_HEADER } from "@/lib/auth/request-path";
import { publicPageLanguage } from "@/lib/capture/hosted-form/public-page-language";
import { messagesFor } from "@/lib/i18n/messages";
import { getRequestLocale } from "@/lib/request/request-locale";
import { getViewer } from "@/lib/request/viewer";

// next-intl without i18n routing (docs/i18n.md): no locale in the URL; each request's language comes from
// the user's choice or the browser (lib/request/request-locale.ts), and times use the viewer's zone. A page
// a link's visitor sees (the hosted form, its built-in pages) is in the form's language instead, so that
// `<html lang>` says so (its words come from lib/links/link-form-words.ts).
export default getRequestConfig(async () => {
  const requestHeaders = await headers();
  const [visitorLanguage, locale, viewer] = await Promise.all([
    publicPageLanguage(requestHeaders.get(REQUEST_PATH_HEADER) ?? ""),
    getRequestLocale(),
    getViewer(),
  ]);
  // next-intl's locales are the admin's two: for a Spanish form, app/layout.tsx still says `lang="es"`.
  if (visitorLanguage === "en" || visitorLanguage === "pt-BR") {
    return { locale: visitorLanguage, messages: messagesFor(visitorLanguage), timeZone: viewer.timeZone };
  }
  return { locale, messages: messagesFor(locale), timeZone: viewer.timeZone };
});

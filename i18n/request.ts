import { getRequestConfig } from "next-intl/server";
import { messagesFor } from "@/lib/i18n/messages";
import { getRequestLocale } from "@/lib/request/request-locale";
import { getViewer } from "@/lib/request/viewer";

// next-intl without i18n routing (docs/i18n.md): no locale in the URL; each request's language comes from
// the user's choice or the browser (lib/request/request-locale.ts), and times use the viewer's zone.
export default getRequestConfig(async () => {
  const [locale, viewer] = await Promise.all([getRequestLocale(), getViewer()]);
  return { locale, messages: messagesFor(locale), timeZone: viewer.timeZone };
});

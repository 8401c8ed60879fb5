import type { Metadata } from "next";
import { headers } from "next/headers";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import { ViewerProvider } from "@/components/ui/viewer";
import { clientMessages } from "@/i18n/client-messages";
import { REQUEST_PATH_HEADER } from "@/lib/auth/request-path";
import { publicPageLanguage } from "@/lib/capture/hosted-form/public-page-language";
import type { Messages } from "@/lib/i18n/messages";
import { getViewer } from "@/lib/request/viewer";
import "./globals.css";

// Every page is rendered per request: the CSP nonce (proxy.ts) differs per response, and a page rendered at
// build time would carry scripts without it, which the browser would refuse to run.
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: { default: "Leadlink", template: "%s · Leadlink" }, description: t("description") };
}

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // The text follows the user's language (docs/i18n.md); dates and numbers that language and the browser's zone.
  const [locale, viewer, messages, requestHeaders] = await Promise.all([getLocale(), getViewer(), getMessages(), headers()]);
  // A page a link's visitor sees (the hosted form, its built-in pages) is in the form's language, Spanish included.
  const visitorLanguage = await publicPageLanguage(requestHeaders.get(REQUEST_PATH_HEADER) ?? "");
  return (
    <html lang={visitorLanguage ?? locale}>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        {/* Only what client components translate with: server components send their text, not the catalogue. */}
        <NextIntlClientProvider messages={clientMessages(messages as Messages)}>
          <ViewerProvider viewer={viewer}>{children}</ViewerProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}

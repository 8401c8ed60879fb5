import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import { ViewerProvider } from "@/components/ui/viewer";
import { getViewer } from "@/lib/time/viewer";
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
  const [locale, viewer] = await Promise.all([getLocale(), getViewer()]);
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <NextIntlClientProvider>
          <ViewerProvider viewer={viewer}>{children}</ViewerProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}

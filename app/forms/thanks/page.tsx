import type { Metadata } from "next";
import { headers } from "next/headers";
import { PublicPageFrame } from "@/components/ui/public-page-frame";
import { StatusPage } from "@/components/ui/status-page";
import { formPageLocale, formPageText } from "@/lib/capture/html-forms/form-page-text";

export const dynamic = "force-dynamic";

async function text() {
  const locale = formPageLocale((await headers()).get("accept-language"));
  return { locale, text: formPageText(locale) };
}

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await text()).text.thanksTitle, robots: { index: false } };
}

/**
 * Where a browser lands after an accepted HTML form post to a link without its own success URL
 * (DESIGN.md section 11). Public: the visitor of someone's landing page sees it, in their language.
 */
export default async function FormThanksPage() {
  const { locale, text: t } = await text();
  return (
    <PublicPageFrame lang={locale}>
      <StatusPage framed status={t.thanksStatus} title={t.thanksTitle}>
        <p data-testid="form-thanks">{t.thanksBody}</p>
        <p>{t.thanksClose}</p>
      </StatusPage>
    </PublicPageFrame>
  );
}

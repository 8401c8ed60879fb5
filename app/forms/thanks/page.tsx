import type { Metadata } from "next";
import { headers } from "next/headers";
import { BuiltInPageBody } from "@/components/hosted-form/built-in-page-body";
import { builtInPage } from "@/lib/capture/hosted-form/built-in-page";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

async function pageOf(props: Props) {
  return builtInPage(await props.searchParams, (await headers()).get("accept-language"));
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const page = await pageOf(props);
  return { title: page.form ? { absolute: page.text.thanksTitle } : page.text.thanksTitle, robots: { index: false } };
}

/**
 * Where a browser lands after an accepted HTML form post to a link without its own success URL
 * (DESIGN.md sections 11 and 12): the business's name, colour and logo, in the form's language, with a
 * link back to the page the visitor came from.
 */
export default async function FormThanksPage(props: Props) {
  const page = await pageOf(props);
  const t = page.text;
  return (
    <BuiltInPageBody page={page} status={t.thanksStatus} title={t.thanksTitle}>
      <p data-testid="form-thanks">{t.thanksBody}</p>
      {page.back ? null : <p>{t.thanksClose}</p>}
    </BuiltInPageBody>
  );
}

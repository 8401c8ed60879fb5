import type { Metadata } from "next";
import { headers } from "next/headers";
import { PublicPageFrame } from "@/components/ui/public-page-frame";
import { StatusPage } from "@/components/ui/status-page";
import { fieldLabel, formPageLocale, formPageText, problemText } from "@/lib/capture/html-forms/form-page-text";

export const dynamic = "force-dynamic";

/** The query is the visitor's (or anyone's) to write: a bounded number of names, each cut short. */
const MAX_FIELDS = 20;
const MAX_FIELD_LENGTH = 100;

type SearchParams = Record<string, string | string[] | undefined>;

function single(value: string | string[] | undefined): string {
  return typeof value === "string" ? value : "";
}

async function text() {
  const locale = formPageLocale((await headers()).get("accept-language"));
  return { locale, text: formPageText(locale) };
}

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await text()).text.errorTitle, robots: { index: false } };
}

/**
 * Where a browser lands after a refused HTML form post to a link without its own error URL, with
 * `?error=<code>&fields=<names>` (DESIGN.md section 11): what went wrong and which fields to fix, in the
 * visitor's language.
 */
export default async function FormErrorPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  const { locale, text: t } = await text();
  const code = single(query.error).slice(0, 100);
  const fields = [
    ...new Set(
      single(query.fields)
        .split(",")
        .map((field) => field.trim().slice(0, MAX_FIELD_LENGTH))
        .filter(Boolean),
    ),
  ].slice(0, MAX_FIELDS);
  return (
    <PublicPageFrame lang={locale}>
      <StatusPage framed status={t.errorStatus} title={t.errorTitle}>
        <p data-testid="form-error-problem">{problemText(t, code)}</p>
        {fields.length > 0 ? (
          <div className="pt-2 text-left">
            <p className="font-medium text-slate-900">{t.fixTheseFields}</p>
            <ul className="mt-2 list-disc space-y-1 pl-5" data-testid="form-error-fields">
              {fields.map((field) => (
                <li key={field} data-field={field}>
                  {fieldLabel(t, field)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className="pt-2">{t.goBack}</p>
      </StatusPage>
    </PublicPageFrame>
  );
}

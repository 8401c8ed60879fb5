import type { Metadata } from "next";
import { headers } from "next/headers";
import { BuiltInPageBody } from "@/components/hosted-form/built-in-page-body";
import { builtInPage } from "@/lib/capture/hosted-form/built-in-page";
import { fieldLabel, problemText } from "@/lib/capture/html-forms/form-page-text";

export const dynamic = "force-dynamic";

/** The query is the visitor's (or anyone's) to write: a bounded number of names, each cut short. */
const MAX_FIELDS = 20;
const MAX_FIELD_LENGTH = 100;

type SearchParams = Record<string, string | string[] | undefined>;
type Props = { searchParams: Promise<SearchParams> };

function single(value: string | string[] | undefined): string {
  return typeof value === "string" ? value : "";
}

async function pageOf(props: Props) {
  return builtInPage(await props.searchParams, (await headers()).get("accept-language"));
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const page = await pageOf(props);
  return { title: page.form ? { absolute: page.text.errorTitle } : page.text.errorTitle, robots: { index: false } };
}

/**
 * Where a browser lands after a refused HTML form post to a link without its own error URL, with
 * `?error=<code>&fields=<names>` (DESIGN.md section 11): what went wrong and which fields to fix, branded
 * and in the form's language when `link` names the form (section 12), with a link back.
 */
export default async function FormErrorPage(props: Props) {
  const query = await props.searchParams;
  const page = await pageOf(props);
  const t = page.text;
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
    <BuiltInPageBody page={page} status={t.errorStatus} title={t.errorTitle}>
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
      {page.back ? null : <p className="pt-2">{t.goBack}</p>}
    </BuiltInPageBody>
  );
}

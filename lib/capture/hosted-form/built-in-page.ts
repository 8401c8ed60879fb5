import { type Database, getDatabase } from "@/lib/db/client";
import { httpAddress } from "../form-redirect";
import { type FormPageLocale, formPageLocale, formPageText } from "../html-forms/form-page-text";
import { type HostedForm, loadHostedForm } from "./load-hosted-form";

type Query = Record<string, string | string[] | undefined>;

function single(value: string | string[] | undefined): string {
  return typeof value === "string" ? value : "";
}

export interface BuiltInPage {
  locale: FormPageLocale;
  text: ReturnType<typeof formPageText>;
  /** The link's form, for the business's name, colour and logo; undefined for a page reached without `link`. */
  form?: HostedForm;
  /** Where the visitor came from (http(s) only), for the link back. */
  back?: string;
  backLabel?: string;
}

/**
 * What the built-in thank-you and error pages show (DESIGN.md section 12): the link's business and its
 * form's language (en, pt-BR or es) when `?link=<token>` names a link (the capture endpoint adds it), else
 * the browser's language (en or pt-BR); and a way back to `?back=` when it is an http(s) address.
 */
export async function builtInPage(query: Query, acceptLanguage: string | null, database?: Database): Promise<BuiltInPage> {
  const form = await loadHostedForm(database ?? (await getDatabase()), single(query.link)).catch(() => undefined);
  const locale: FormPageLocale = form ? form.language : formPageLocale(acceptLanguage);
  const back = httpAddress(single(query.back));
  return { locale, text: formPageText(locale), form, back, backLabel: form?.words.back };
}

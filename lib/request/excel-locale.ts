import { getRequestLocale } from "@/lib/request/request-locale";
import { getViewer } from "@/lib/request/viewer";

/**
 * The language whose number format decides the Excel-friendly CSV's separator (export-leads.ts): the
 * admin's language when it is Portuguese (chosen on the account page or taken from the browser), else the
 * browser's own language ("de-DE" writes 1,5 too), which tells the computer's region better than English does.
 */
export async function excelLocale(): Promise<string> {
  const [language, viewer] = await Promise.all([getRequestLocale(), getViewer()]);
  return language === "pt-BR" ? language : viewer.locale;
}

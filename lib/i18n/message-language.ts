import { isLocale, type Locale } from "./locales";

/**
 * The language a workspace's messages are written in (DESIGN.md section 13): the owner's, else Portuguese
 * for a Brazilian workspace, else English. Workspaces have no language setting of their own yet; when they
 * get one, this is where it wins. Here (not in lib/workspaces) so that the domain below the workspaces'
 * folder, such as a link's form defaults, can use it without a cycle between folders.
 */
export function messageLanguage(facts: { ownerLocale: string | null; country: string }): Locale {
  if (isLocale(facts.ownerLocale)) return facts.ownerLocale;
  return facts.country.trim().toUpperCase() === "BR" ? "pt-BR" : "en";
}

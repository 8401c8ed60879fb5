import { isLocale, type Locale } from "./locales";

/**
 * The language a new workspace's messages are written in (DESIGN.md section 13), until someone changes it on
 * the settings page: the owner's, else Portuguese for a Brazilian workspace, else English. Here (not in
 * lib/workspaces) so that the domain below the workspaces' folder can use it without a cycle between folders.
 */
export function messageLanguage(facts: { ownerLocale: string | null; country: string }): Locale {
  if (isLocale(facts.ownerLocale)) return facts.ownerLocale;
  return facts.country.trim().toUpperCase() === "BR" ? "pt-BR" : "en";
}

/** A new workspace's time zone: São Paulo's for a Brazilian workspace (most of Brazil's people live on it), else UTC. */
export function defaultWorkspaceTimeZone(country: string): string {
  return country.trim().toUpperCase() === "BR" ? "America/Sao_Paulo" : "UTC";
}

import type { AuditActor } from "@/lib/audit/record";
import { getDatabase } from "@/lib/db/client";
import type { Locale } from "@/lib/i18n/locales";
import { workspaceLanguage } from "@/lib/workspaces/message-language";
import { workspaceTimeZone } from "@/lib/workspaces/workspace-time-zone";
import { collectPersonalData, type PersonalDataDocument, type PersonLookup } from "./personal-data";
import { loadPersonalDataFacts } from "./personal-data-facts";
import { renderPersonalDataHtml } from "./personal-data-html";

/**
 * The readable statement beside the JSON (DESIGN.md section 13): the same document (collected and audited
 * once), written for the person in the workspace's language. Times are in the workspace's zone
 * (workspaceTimeZone: the viewer's, else the workspace's).
 */
export async function personalDataStatement(input: {
  workspaceId: string;
  lookup: PersonLookup;
  actor: AuditActor;
  viewerTimeZone?: string;
}): Promise<{ document: PersonalDataDocument; html: string; language: Locale }> {
  const document = await collectPersonalData(input);
  const [facts, language] = await Promise.all([
    loadPersonalDataFacts(input.workspaceId, document),
    workspaceLanguage(await getDatabase(), input.workspaceId),
  ]);
  const timeZone = workspaceTimeZone(facts.workspace, input.viewerTimeZone);
  return { document, language, html: renderPersonalDataHtml(document, facts, { language, timeZone }) };
}

import { type SqlExecutor, statement } from "@/lib/db/client";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/lib/i18n/locales";
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from "@/lib/time/time-zone";

/** What a message about a workspace is written with: its name (never the slug), language and zone. */
export interface WorkspaceVoice {
  name: string;
  slug: string;
  language: Locale;
  timeZone: string;
}

/** The workspace's stored language and zone (DESIGN.md section 13); undefined for a workspace that no longer exists. */
export async function workspaceVoice(database: SqlExecutor, workspaceId: string): Promise<WorkspaceVoice | undefined> {
  const [row] = await database.sql<{ name: string; slug: string; language: string; time_zone: string }>(
    statement(
      `/* leadlink:workspace-voice */ SELECT w.name, w.slug, w.language, w.time_zone FROM workspaces w WHERE w.id = $1::uuid`,
      [workspaceId],
    ),
  );
  if (!row) return undefined;
  return {
    name: row.name,
    slug: row.slug,
    language: isLocale(row.language) ? row.language : DEFAULT_LOCALE,
    timeZone: canonicalTimeZone(row.time_zone) ?? DEFAULT_TIME_ZONE,
  };
}

/** The language a workspace's channel messages are written in ("en" for a workspace that no longer exists). */
export async function workspaceLanguage(database: SqlExecutor, workspaceId: string): Promise<Locale> {
  return (await workspaceVoice(database, workspaceId))?.language ?? DEFAULT_LOCALE;
}

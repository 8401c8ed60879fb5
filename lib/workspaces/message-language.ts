import { type SqlExecutor, statement } from "@/lib/db/client";
import type { Locale } from "@/lib/i18n/locales";
import { messageLanguage } from "@/lib/i18n/message-language";

/** messageLanguage() of a workspace, read from the database ("en" for a workspace that no longer exists). */
export async function workspaceLanguage(database: SqlExecutor, workspaceId: string): Promise<Locale> {
  const [row] = await database.sql<{ country: string; owner_locale: string | null }>(
    statement(
      `/* leadlink:workspace-message-language */
      SELECT w.country,
        (SELECT u.locale FROM memberships m JOIN users u ON u.id = m.user_id
         WHERE m.workspace_id = w.id AND m.role = 'owner' ORDER BY m.created_at LIMIT 1) AS owner_locale
      FROM workspaces w WHERE w.id = $1::uuid`,
      [workspaceId],
    ),
  );
  return row ? messageLanguage({ ownerLocale: row.owner_locale, country: row.country }) : "en";
}

import { z } from "zod";
import { auditChanges } from "@/lib/audit/audit-changes";
import { type AuditActor, recordAudit } from "@/lib/audit/record";
import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "@/lib/i18n/locales";
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from "@/lib/time/time-zone";
import { parseInput } from "@/lib/validation/parse-input";
import { TimeZoneName } from "@/lib/validation/time-zone-name";

/** A workspace's language: one the catalogues speak (messages/<locale>.json). */
export const WorkspaceLanguage = z.enum(LOCALES, { error: `must be one of ${LOCALES.join(", ")}` });

/** An IANA time zone ("America/Sao_Paulo"), stored by its canonical name (the same rule as a member's own zone). */
export const WorkspaceTimeZone = TimeZoneName;

/** The settings of DESIGN.md section 13, as the settings page, the CLI and the tests send them (each optional). */
export const WorkspaceSettingsInput = z.object({
  language: WorkspaceLanguage.optional(),
  timeZone: WorkspaceTimeZone.optional(),
});
export type WorkspaceSettingsInput = z.input<typeof WorkspaceSettingsInput>;

export interface WorkspaceSettings {
  language: Locale;
  timeZone: string;
}

export async function getWorkspaceSettings(workspaceId: string): Promise<WorkspaceSettings> {
  const { prisma } = await getDatabase();
  const workspace = await prisma.workspace.findUnique({ where: { id: workspaceId }, select: { language: true, timeZone: true } });
  if (!workspace) throw new AppError("workspace_not_found", "The workspace no longer exists.");
  return {
    language: isLocale(workspace.language) ? workspace.language : DEFAULT_LOCALE,
    timeZone: canonicalTimeZone(workspace.timeZone) ?? DEFAULT_TIME_ZONE,
  };
}

/** Changes the language and/or zone of the workspace's messages (owners and admins); audited with old and new values. */
export async function updateWorkspaceSettings(
  workspaceId: string,
  input: WorkspaceSettingsInput,
  actor: AuditActor,
): Promise<WorkspaceSettings> {
  const changes = parseInput(WorkspaceSettingsInput, input, "workspace settings");
  const before = await getWorkspaceSettings(workspaceId);
  const after: WorkspaceSettings = {
    language: changes.language ?? before.language,
    timeZone: changes.timeZone ?? before.timeZone,
  };
  const { prisma } = await getDatabase();
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.workspace.updateMany({ where: { id: workspaceId }, data: after });
    if (count !== 1) throw new AppError("workspace_not_found", "The workspace no longer exists.");
    await recordAudit(
      actor,
      {
        workspaceId,
        action: "workspace.settings_changed",
        targetType: "workspace",
        targetId: workspaceId,
        details: { ...after, changes: auditChanges(before, after, ["language", "timeZone"]) },
      },
      tx,
    );
  });
  return after;
}

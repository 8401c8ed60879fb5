"use server";

import { revalidatePath } from "next/cache";
import { authorizeWorkspace } from "@/lib/auth/session";
import type { ActionState } from "@/lib/forms/action-state";
import { formFailure } from "@/lib/forms/form-failure";
import { LOCALE_NAMES } from "@/lib/i18n/locales";
import { zoneName } from "@/lib/i18n/zone-name";
import { userActor } from "@/lib/request/request-actor";
import { getServerTranslator } from "@/lib/request/server-translator";
import { updateWorkspaceSettings, type WorkspaceSettingsInput } from "@/lib/workspaces/workspace-settings";

function text(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}

/** Owners and admins: the language and time zone of what the workspace sends (DESIGN.md section 13). */
export async function updateWorkspaceSettingsAction(slug: string, _previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "admin");
    const saved = await updateWorkspaceSettings(
      workspace.id,
      { language: text(form, "language") as WorkspaceSettingsInput["language"], timeZone: text(form, "timeZone") },
      await userActor(user.id),
    );
    revalidatePath(`/w/${workspace.slug}/settings/workspace`);
    const t = await getServerTranslator("workspaceSettings");
    return { ok: true, message: t("saved", { language: LOCALE_NAMES[saved.language], zone: zoneName(t, saved.timeZone) }) };
  } catch (error) {
    return formFailure(error, form);
  }
}

"use server";

import { revalidatePath } from "next/cache";
import { authorizeWorkspace } from "@/lib/auth/session";
import type { ActionState } from "@/lib/forms/action-state";
import { formFailure } from "@/lib/forms/form-failure";
import { updateRetentionSettings } from "@/lib/privacy/retention-settings";
import { userActor } from "@/lib/request/request-actor";
import { getServerTranslator } from "@/lib/request/server-translator";

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}

/** Owners only: how long the workspace keeps personal data of its request log. */
export async function updateRetentionAction(slug: string, _previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "owner");
    await updateRetentionSettings(
      workspace.id,
      {
        rejectedPayloadDays: text(form, "rejectedPayloadDays"),
        requestMetaDays: text(form, "requestMetaDays"),
        webhookAttemptDays: text(form, "webhookAttemptDays"),
      },
      await userActor(user.id),
    );
    revalidatePath(`/w/${workspace.slug}/settings/privacy`);
    return { ok: true, message: (await getServerTranslator("privacy.retention"))("saved") };
  } catch (error) {
    return formFailure(error, form);
  }
}

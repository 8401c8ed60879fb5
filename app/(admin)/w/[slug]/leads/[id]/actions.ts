"use server";

import { revalidatePath } from "next/cache";
import { authorizeWorkspace } from "@/lib/auth/session";
import { type ActionState, fromError } from "@/lib/forms/action-state";
import { eraseLead } from "@/lib/privacy/erase-lead";
import { userActor } from "@/lib/request/request-actor";
import { getServerTranslator } from "@/lib/request/server-translator";

/** The lead page's "Erase lead": owners and admins only (it cannot be undone); members are refused (403). */
export async function eraseLeadAction(
  slug: string,
  leadId: string,
  _previous: ActionState,
  _form: FormData,
): Promise<ActionState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "admin");
    await eraseLead({ workspaceId: workspace.id, leadId, actor: await userActor(user.id) });
    revalidatePath(`/w/${workspace.slug}`, "layout");
    return { ok: true, message: (await getServerTranslator("privacy.lead"))("erasedDone") };
  } catch (error) {
    return fromError(error);
  }
}

"use server";

import { revalidatePath } from "next/cache";
import { readAssignmentForm } from "@/lib/assignment/assignment-form";
import { setMemberAway } from "@/lib/assignment/set-away";
import { setLinkAssignment } from "@/lib/assignment/set-link-assignment";
import { authorizeWorkspace } from "@/lib/auth/session";
import type { ActionState } from "@/lib/forms/action-state";
import { fromError } from "@/lib/forms/action-state";
import { formFailure } from "@/lib/forms/form-failure";
import { userActor } from "@/lib/request/request-actor";
import { getServerTranslator } from "@/lib/request/server-translator";

/** The link page's assignment section: an admin's, like the link's other settings (the role is checked again here). */
export async function updateLinkAssignmentAction(
  slug: string,
  linkId: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "admin");
    await setLinkAssignment(workspace.id, linkId, readAssignmentForm(form), await userActor(user.id));
    revalidatePath(`/w/${workspace.slug}/links`, "layout");
    return { ok: true, message: (await getServerTranslator("assignment"))("saved") };
  } catch (error) {
    return formFailure(error, form);
  }
}

/** "I am away" on the notifications page: every member marks only themselves. */
export async function setAwayAction(slug: string, _previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "member");
    await setMemberAway(workspace.id, user.id, form.get("away") === "on", await userActor(user.id));
    revalidatePath(`/w/${workspace.slug}/notifications`);
    return { ok: true, message: (await getServerTranslator("assignment"))("awaySaved") };
  } catch (error) {
    return fromError(error);
  }
}

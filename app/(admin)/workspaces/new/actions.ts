"use server";

import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import type { ActionState } from "@/lib/forms/action-state";
import { formFailure } from "@/lib/forms/form-failure";
import { userActor } from "@/lib/request/request-actor";
import { createWorkspace } from "@/lib/workspaces/create-workspace";

/** Any signed-in user may create a workspace; they become its owner, and land in it. */
export async function createWorkspaceAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  let slug: string;
  try {
    const user = await currentUser();
    if (!user) throw new AppError("unauthorized", "Your session has ended. Sign in again.");
    const text = (name: string) => String(form.get(name) ?? "");
    const workspace = await createWorkspace(
      { name: text("name"), slug: text("slug"), country: text("country") || "BR" },
      { ownerEmail: user.email, actor: await userActor(user.id) },
    );
    slug = workspace.slug;
  } catch (error) {
    return formFailure(error, form);
  }
  redirect(`/w/${slug}`);
}

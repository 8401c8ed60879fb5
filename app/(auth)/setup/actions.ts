"use server";

import { type ActionState, fromError, submittedValues } from "@/lib/forms/action-state";
import { requestIp } from "@/lib/request/request-actor";
import { completeSetup } from "@/lib/setup/complete-setup";

export type SetupState = ActionState & { slug?: string };

export async function setupAction(_previous: SetupState, form: FormData): Promise<SetupState> {
  try {
    const workspace = await completeSetup(
      {
        name: String(form.get("name") ?? ""),
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
        workspaceName: String(form.get("workspaceName") ?? ""),
        country: String(form.get("country") || "BR"),
      },
      await requestIp(),
    );
    return { ok: true, slug: workspace.slug };
  } catch (error) {
    const state = await fromError(error);
    // A workspace name that yields no usable slug is reported on `slug` by the workspace schema.
    if (state.fieldErrors?.slug) state.fieldErrors.workspaceName = state.fieldErrors.slug;
    return { ...state, values: submittedValues(form) };
  }
}

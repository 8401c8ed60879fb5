"use server";

import { revalidatePath } from "next/cache";
import { authorizeWorkspace } from "@/lib/auth/session";
import { saveLinkMapping, tryLinkMapping } from "@/lib/capture/sources/mapping/link-mapping";
import { type ActionState, fromError, submittedValues } from "@/lib/forms/action-state";
import { userActor } from "@/lib/request/request-actor";
import { getServerTranslator } from "@/lib/request/server-translator";

/** What "Try on the last request received" answers: the mapped lead as JSON, or why the expression failed. */
export interface MappingTrialState extends ActionState {
  trial?: "no_request" | "unreadable" | "mapped" | "failed";
  receivedAt?: string;
  /** The mapped lead (and the platform's ids), pretty-printed. */
  mapped?: string;
  platform?: string;
  /** Each failure's place: a position in the expression, or `$` for the result. */
  failures?: { field: string; code: string; message: string }[];
}

function expressionOf(form: FormData): string {
  const value = form.get("expression");
  return typeof value === "string" ? value : "";
}

// Both check the role again (an action is an endpoint); the link, its settings and its log are read and written
// within the workspace the admin belongs to (lib/capture/sources/mapping/link-mapping.ts).

export async function saveMappingAction(
  slug: string,
  linkId: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "admin");
    await saveLinkMapping(workspace.id, linkId, expressionOf(form), await userActor(user.id));
    revalidatePath(`/w/${workspace.slug}/links`, "layout");
    return { ok: true, message: (await getServerTranslator("sourceMapping"))("saved") };
  } catch (error) {
    return { ...(await fromError(error)), values: submittedValues(form) };
  }
}

export async function tryMappingAction(
  slug: string,
  linkId: string,
  _previous: MappingTrialState,
  form: FormData,
): Promise<MappingTrialState> {
  try {
    const { workspace } = await authorizeWorkspace(slug, "admin");
    const trial = await tryLinkMapping(workspace.id, linkId, expressionOf(form));
    const receivedAt = "receivedAt" in trial ? trial.receivedAt.toISOString() : undefined;
    if (trial.status === "mapped") {
      return {
        ok: true,
        trial: "mapped",
        receivedAt,
        mapped: JSON.stringify(trial.lead, null, 2),
        platform: trial.platform ? JSON.stringify(trial.platform, null, 2) : undefined,
      };
    }
    if (trial.status === "failed") return { ok: false, trial: "failed", receivedAt, failures: trial.errors };
    return { ok: false, trial: trial.status, receivedAt };
  } catch (error) {
    return fromError(error);
  }
}

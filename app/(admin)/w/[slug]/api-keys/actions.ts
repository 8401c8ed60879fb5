"use server";

import { revalidatePath } from "next/cache";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { authorizeWorkspace } from "@/lib/auth/session";
import { type ActionState, fromError } from "@/lib/forms/action-state";
import { formFailure } from "@/lib/forms/form-failure";
import { userActor } from "@/lib/request/request-actor";

/** A created key's token travels back to the form once, in this answer; nothing else ever shows it. */
export type CreateApiKeyState = ActionState & { created?: { name: string; scope: string; token: string } };

export async function createApiKeyAction(slug: string, _previous: CreateApiKeyState, form: FormData): Promise<CreateApiKeyState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "admin");
    const key = await createApiKey(
      workspace.id,
      { name: String(form.get("name") ?? ""), scope: String(form.get("scope") ?? "read") as "read" | "write" },
      { createdById: user.id, actor: await userActor(user.id) },
    );
    revalidatePath(`/w/${workspace.slug}/api-keys`);
    return { ok: true, created: { name: key.name, scope: key.scope, token: key.token } };
  } catch (error) {
    return formFailure(error, form);
  }
}

export async function revokeApiKeyAction(slug: string, keyId: string): Promise<ActionState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "admin");
    await revokeApiKey(workspace.id, keyId, await userActor(user.id));
    revalidatePath(`/w/${workspace.slug}/api-keys`);
    return { ok: true };
  } catch (error) {
    return fromError(error);
  }
}

"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { authorizeWorkspace } from "@/lib/auth/session";
import type { ActionState } from "@/lib/forms/action-state";
import { fromError } from "@/lib/forms/action-state";
import { formFailure } from "@/lib/forms/form-failure";
import { userActor } from "@/lib/request/request-actor";
import { getServerTranslator } from "@/lib/request/server-translator";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { deleteEndpoint } from "@/lib/webhooks/delete-endpoint";
import { readEndpointForm, readEndpointUpdateForm } from "@/lib/webhooks/endpoint-form";
import { resendFailedSince } from "@/lib/webhooks/resend-failed-since";
import { resendMessage } from "@/lib/webhooks/resend-message";
import { rotateSecret } from "@/lib/webhooks/rotate-secret";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";
import { setEndpointEnabled } from "@/lib/webhooks/set-endpoint-enabled";
import { updateEndpoint } from "@/lib/webhooks/update-endpoint";

// Owners and admins manage webhooks. Every action checks the role again (an action is an endpoint anyone
// signed in can call), and the domain functions put the workspace in every query: another workspace's
// endpoint is "not found".

/** What the create and rotate forms get back: the secret, shown this once. */
export interface SecretState extends ActionState {
  secret?: string;
  endpointId?: string;
}

function revalidateWebhooks(slug: string) {
  // The layout too: its banner lists endpoints Leadlink disabled.
  revalidatePath(`/w/${slug}`, "layout");
}

export async function createEndpointAction(slug: string, _previous: SecretState, form: FormData): Promise<SecretState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "admin");
    const created = await createEndpoint(workspace.id, readEndpointForm(form), await userActor(user.id));
    revalidateWebhooks(workspace.slug);
    const t = await getServerTranslator("webhooks.action");
    return { ok: true, secret: created.secret, endpointId: created.id, message: t("created") };
  } catch (error) {
    return formFailure(error, form);
  }
}

export async function updateEndpointAction(
  slug: string,
  endpointId: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  let target: string;
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "admin");
    const input = readEndpointUpdateForm(form);
    const endpoint = await updateEndpoint(workspace.id, endpointId, input, await userActor(user.id));
    revalidateWebhooks(workspace.slug);
    target = `/w/${workspace.slug}/webhooks/${endpoint.id}`;
  } catch (error) {
    return formFailure(error, form);
  }
  redirect(target);
}

export async function setEndpointEnabledAction(
  slug: string,
  endpointId: string,
  enabled: boolean,
  _previous: ActionState,
  _form: FormData,
): Promise<ActionState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "admin");
    await setEndpointEnabled(workspace.id, endpointId, enabled, await userActor(user.id));
    revalidateWebhooks(workspace.slug);
    const t = await getServerTranslator("webhooks.action");
    return { ok: true, message: enabled ? t("enabled") : t("disabled") };
  } catch (error) {
    return fromError(error);
  }
}

export async function rotateSecretAction(
  slug: string,
  endpointId: string,
  _previous: SecretState,
  _form: FormData,
): Promise<SecretState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "admin");
    const { secret } = await rotateSecret(workspace.id, endpointId, await userActor(user.id));
    revalidateWebhooks(workspace.slug);
    return { ok: true, secret, endpointId };
  } catch (error) {
    return fromError(error);
  }
}

export async function deleteEndpointAction(slug: string, endpointId: string): Promise<ActionState> {
  let target: string;
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "admin");
    await deleteEndpoint(workspace.id, endpointId, await userActor(user.id));
    revalidateWebhooks(workspace.slug);
    target = `/w/${workspace.slug}/webhooks`;
  } catch (error) {
    return fromError(error);
  }
  redirect(target);
}

export async function sendTestEventAction(
  slug: string,
  endpointId: string,
  _previous: ActionState,
  _form: FormData,
): Promise<ActionState> {
  try {
    const { workspace } = await authorizeWorkspace(slug, "admin");
    const { messageId } = await sendTestEvent(workspace.id, endpointId);
    revalidatePath(`/w/${workspace.slug}/webhooks/${endpointId}`);
    const t = await getServerTranslator("webhooks.action");
    return { ok: true, message: t("testQueued", { messageId }) };
  } catch (error) {
    return fromError(error);
  }
}

export async function resendMessageAction(
  slug: string,
  endpointId: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  try {
    const { workspace } = await authorizeWorkspace(slug, "admin");
    const { messageId } = await resendMessage(workspace.id, endpointId, String(form.get("messageId") ?? ""));
    revalidatePath(`/w/${workspace.slug}/webhooks/${endpointId}`);
    const t = await getServerTranslator("webhooks.action");
    return { ok: true, message: t("resent", { messageId }) };
  } catch (error) {
    return fromError(error);
  }
}

export async function resendFailedSinceAction(
  slug: string,
  endpointId: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  try {
    const { workspace } = await authorizeWorkspace(slug, "admin");
    const since = String(form.get("since") ?? "");
    const { resent } = await resendFailedSince(workspace.id, endpointId, { since });
    revalidatePath(`/w/${workspace.slug}/webhooks/${endpointId}`);
    const t = await getServerTranslator("webhooks.action");
    return { ok: true, message: t("resentFailed", { count: resent }) };
  } catch (error) {
    return formFailure(error, form);
  }
}

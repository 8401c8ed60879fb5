"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { authorizeWorkspace } from "@/lib/auth/session";
import { releaseSpam } from "@/lib/capture/release-spam";
import { withPresetExpression } from "@/lib/capture/sources/source-settings-input";
import type { ActionState } from "@/lib/forms/action-state";
import { fromError } from "@/lib/forms/action-state";
import { formFailure } from "@/lib/forms/form-failure";
import { allowLinkOrigin } from "@/lib/links/allow-link-origin";
import { createLink } from "@/lib/links/create-link";
import { readLinkForm, readLinkSettingsForm } from "@/lib/links/link-form";
import { revokeLink } from "@/lib/links/revoke-link";
import { setLinkForm } from "@/lib/links/set-link-form";
import { updateLinkSettings } from "@/lib/links/update-link-settings";
import { userActor } from "@/lib/request/request-actor";
import { getServerTranslator } from "@/lib/request/server-translator";
import { checkFieldsMessage } from "@/lib/request/translate-error";
import { validationFailed } from "@/lib/validation/parse-input";

// Every action checks the role again: the page hides these forms from members, but an action is an
// endpoint anyone signed in can call. The domain functions put the workspace in every query.

export async function createLinkAction(slug: string, _previous: ActionState, form: FormData): Promise<ActionState> {
  let target: string;
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "admin");
    const link = await createLink(workspace.id, withPresetExpression(readLinkForm(form)), await userActor(user.id));
    revalidatePath(`/w/${workspace.slug}/links`);
    target = `/w/${workspace.slug}/links/${link.id}`;
  } catch (error) {
    return formFailure(error, form);
  }
  redirect(target);
}

export async function updateLinkSettingsAction(
  slug: string,
  linkId: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "admin");
    await updateLinkSettings(workspace.id, linkId, readLinkSettingsForm(form), await userActor(user.id));
    revalidatePath(`/w/${workspace.slug}/links`, "layout");
    return { ok: true, message: (await getServerTranslator("links.messages"))("saved") };
  } catch (error) {
    return formFailure(error, form);
  }
}

/** "Allow this origin" on a link's list of recently refused origins; the origin comes from the form. */
export async function allowOriginAction(
  slug: string,
  linkId: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "admin");
    const origin = form.get("origin");
    const actor = await userActor(user.id);
    const link = await allowLinkOrigin(workspace.id, linkId, typeof origin === "string" ? origin : "", actor);
    revalidatePath(`/w/${workspace.slug}/links`, "layout");
    const t = await getServerTranslator("links.messages");
    return { ok: true, message: t("allowed", { origin: String(origin), count: link.allowedOrigins.length }) };
  } catch (error) {
    return fromError(error);
  }
}

export async function revokeLinkAction(slug: string, linkId: string): Promise<ActionState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "admin");
    await revokeLink(workspace.id, linkId, await userActor(user.id));
    revalidatePath(`/w/${workspace.slug}/links`, "layout");
    return { ok: true, message: (await getServerTranslator("links.messages"))("revoked") };
  } catch (error) {
    return fromError(error);
  }
}

/** "Not spam" on an entry of a link's Spam folder: the lead is created from its stored payload. */
export async function releaseSpamAction(slug: string, linkId: string, submissionId: string): Promise<ActionState> {
  try {
    const { workspace } = await authorizeWorkspace(slug, "admin");
    const outcome = await releaseSpam(workspace.id, linkId, submissionId);
    const t = await getServerTranslator("forms.spam");
    revalidatePath(`/w/${workspace.slug}/links`, "layout");
    revalidatePath(`/w/${workspace.slug}/leads`, "layout");
    return { ok: true, message: outcome.created ? t("leadCreated") : t("leadUpdated") };
  } catch (error) {
    return fromError(error);
  }
}

/**
 * The Form tab's "Save form": the whole form settings document, as JSON in one hidden input (the editor keeps
 * it as one object so the live preview and the saved document are the same thing). Every invalid part comes
 * back under its JSON path (`fields[2].label`, `theme.color`), worded in the admin's language.
 */
export async function saveLinkFormAction(
  slug: string,
  linkId: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "admin");
    const document = readFormDocument(form.get("document"));
    await setLinkForm(workspace.id, linkId, document, await userActor(user.id));
    revalidatePath(`/w/${workspace.slug}/links`, "layout");
    return { ok: true, message: (await getServerTranslator("links.formTab"))("saved") };
  } catch (error) {
    const state = await fromError(error);
    return state.fieldErrors ? { ...state, message: await checkFieldsMessage() } : state;
  }
}

/** The editor's JSON; anything else is the same `validation_failed` a wrong document is. */
function readFormDocument(value: FormDataEntryValue | null): unknown {
  try {
    return JSON.parse(typeof value === "string" ? value : "");
  } catch {
    throw validationFailed("form settings", [{ field: "document", code: "invalid_json", message: "must be a JSON object" }]);
  }
}

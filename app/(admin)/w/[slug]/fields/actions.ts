"use server";

import { revalidatePath } from "next/cache";
import { authorizeWorkspace } from "@/lib/auth/session";
import { archiveField, unarchiveField } from "@/lib/fields/archive-field";
import { createField } from "@/lib/fields/create-field";
import { readFieldForm, readFieldUpdateForm } from "@/lib/fields/field-form";
import { removeFieldAlias } from "@/lib/fields/remove-field-alias";
import { updateField } from "@/lib/fields/update-field";
import type { ActionState } from "@/lib/forms/action-state";
import { fromError } from "@/lib/forms/action-state";
import { formFailure } from "@/lib/forms/form-failure";
import { userActor } from "@/lib/request/request-actor";
import { getServerTranslator } from "@/lib/request/server-translator";

// Every action checks the role again (members see no forms, but can call actions); the domain functions
// put the workspace in every query. Link pages show snippets built from the fields, so they refresh too.
function refresh(slug: string) {
  revalidatePath(`/w/${slug}/fields`);
  revalidatePath(`/w/${slug}/links`, "layout");
}

export async function createFieldAction(slug: string, _previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "admin");
    const field = await createField(workspace.id, readFieldForm(form), await userActor(user.id));
    refresh(workspace.slug);
    const t = await getServerTranslator("fields.messages");
    return { ok: true, message: t("created", { label: field.label, name: field.name }) };
  } catch (error) {
    return formFailure(error, form);
  }
}

export async function updateFieldAction(
  slug: string,
  fieldId: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "admin");
    await updateField(workspace.id, fieldId, readFieldUpdateForm(form), await userActor(user.id));
    refresh(workspace.slug);
    return { ok: true, message: (await getServerTranslator("fields.messages"))("saved") };
  } catch (error) {
    return formFailure(error, form);
  }
}

export async function setFieldArchivedAction(slug: string, fieldId: string, archived: boolean): Promise<ActionState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "admin");
    await (archived ? archiveField : unarchiveField)(workspace.id, fieldId, await userActor(user.id));
    refresh(workspace.slug);
    return { ok: true };
  } catch (error) {
    return fromError(error);
  }
}

export async function removeFieldAliasAction(slug: string, fieldId: string, aliasId: string): Promise<ActionState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug, "admin");
    await removeFieldAlias(workspace.id, fieldId, aliasId, await userActor(user.id));
    refresh(workspace.slug);
    return { ok: true };
  } catch (error) {
    return fromError(error);
  }
}

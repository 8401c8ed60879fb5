"use server";

import { revalidatePath } from "next/cache";
import { authorizeWorkspace } from "@/lib/auth/session";
import { getDatabase } from "@/lib/db/client";
import { type ActionState, fromError } from "@/lib/forms/action-state";
import { formFailure } from "@/lib/forms/form-failure";
import { type BulkTarget, bulkUpdateLeads, countBulkTarget } from "@/lib/leads/bulk-update-leads";
import { addLeadNote } from "@/lib/leads/lead-notes";
import { splitTags } from "@/lib/leads/lead-workflow-input";
import { updateLeadWorkflow } from "@/lib/leads/update-lead-workflow";
import { getServerTranslator } from "@/lib/request/server-translator";
import { getViewer } from "@/lib/request/viewer";

// Every member works leads (status, owner, tags, notes, bulk changes); the domain functions scope each
// statement to the workspace of the signed-in member.

export async function updateLeadWorkflowAction(
  slug: string,
  leadId: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug);
    const owner = String(form.get("ownerId") ?? "");
    await updateLeadWorkflow(await getDatabase(), {
      workspaceId: workspace.id,
      leadId,
      actorUserId: user.id,
      patch: {
        status: String(form.get("status") ?? "") as never,
        ownerId: owner === "" ? null : owner,
        tags: splitTags(String(form.get("tags") ?? "")),
      },
    });
    revalidatePath(`/w/${workspace.slug}/leads`, "layout");
    return { ok: true, message: (await getServerTranslator("workflow"))("form.saved") };
  } catch (error) {
    return formFailure(error, form);
  }
}

export async function addLeadNoteAction(
  slug: string,
  leadId: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug);
    await addLeadNote(await getDatabase(), {
      workspaceId: workspace.id,
      leadId,
      authorUserId: user.id,
      note: { body: String(form.get("body") ?? "") },
    });
    revalidatePath(`/w/${workspace.slug}/leads/${leadId}`);
    return { ok: true, message: (await getServerTranslator("workflow"))("notes.added") };
  } catch (error) {
    return formFailure(error, form);
  }
}

/** What the bulk bar posts: the ticked ids, or the page's filter query when "everything matching" is chosen. */
export interface BulkRequest {
  scope: "selected" | "filter";
  ids: string[];
  /** The leads page's query string (its filter). */
  query: string;
}

async function targetOf(request: BulkRequest): Promise<BulkTarget> {
  if (request.scope === "selected") return { ids: request.ids };
  const { timeZone } = await getViewer();
  return { filter: Object.fromEntries(new URLSearchParams(request.query)), timeZone };
}

/** How many leads a bulk action would touch: the number the confirmation shows. */
export async function countBulkTargetAction(slug: string, request: BulkRequest): Promise<ActionState & { count?: number }> {
  try {
    const { workspace } = await authorizeWorkspace(slug);
    return { ok: true, count: await countBulkTarget(await getDatabase(), workspace.id, await targetOf(request)) };
  } catch (error) {
    return fromError(error);
  }
}

export async function bulkUpdateLeadsAction(
  slug: string,
  request: BulkRequest,
  action: { kind: string; value: string },
): Promise<ActionState & { updated?: number }> {
  try {
    const { workspace, user } = await authorizeWorkspace(slug);
    const input =
      action.kind === "status"
        ? { kind: "status", status: action.value }
        : action.kind === "owner"
          ? { kind: "owner", ownerId: action.value === "" || action.value === "none" ? null : action.value }
          : { kind: action.kind, tag: action.value };
    const { updated } = await bulkUpdateLeads(await getDatabase(), {
      workspaceId: workspace.id,
      actorUserId: user.id,
      target: await targetOf(request),
      action: input as never,
    });
    revalidatePath(`/w/${workspace.slug}/leads`, "layout");
    return { ok: true, updated, message: (await getServerTranslator("workflow"))("bulk.updated", { count: updated }) };
  } catch (error) {
    return fromError(error);
  }
}

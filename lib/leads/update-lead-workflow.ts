import type { Database } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { wakeOutbox } from "@/lib/outbox/wake";
import { parseInput } from "@/lib/validation/parse-input";
import { emitLeadAssigned } from "./emit-lead-assigned";
import { emitLeadUpdated } from "./emit-lead-updated";
import { loadFieldNames } from "./field-names";
import { firstResponseSet, isResponse } from "./first-response";
import { leadErased, leadIdOrNotFound, leadNotFound } from "./get-lead";
import { type LeadJson, leadSelect, toLeadJson } from "./lead-json";
import { ownerIdByEmail, requireOwnerMember } from "./lead-owner";
import { canonicalTags } from "./lead-tags";
import { type LeadWorkflowPatchInput, leadWorkflowPatchSchema } from "./lead-workflow-input";
import { type LeadChangeInput, recordLeadChanges } from "./record-lead-changes";

export interface UpdateLeadWorkflow {
  workspaceId: string;
  leadId: string;
  /** Who makes the change: the signed-in member, or (from the API) null with the key's id. Kept in the lead's history. */
  actorUserId: string | null;
  actorKeyId?: string | null;
  patch: LeadWorkflowPatchInput;
}

interface CurrentRow {
  erased: boolean;
  status: string;
  owner_id: string | null;
  tags: string[];
}

function sameTags(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((tag, index) => tag === b[index]);
}

/**
 * Sets a lead's status, owner and tags (each optional; the owner by `ownerId` or `ownerEmail`, `null` unassigns;
 * `tags` replaces them).
 * When something changes, bumps `updatedAt`, records each changed field in the lead's history (lead_changes)
 * and emits `lead.updated`, in one transaction; a patch that changes nothing writes nothing. Scoped to the
 * workspace: another workspace's lead is `lead_not_found`; an erased lead is `lead_erased` (nothing written, even
 * a patch that would change nothing); an owner id who is not a member of this workspace is `member_not_found`, an
 * owner email that no member has is `validation_failed` on `ownerEmail`.
 */
export async function updateLeadWorkflow(db: Database, request: UpdateLeadWorkflow): Promise<LeadJson> {
  const { workspaceId } = request;
  const id = leadIdOrNotFound(request.leadId);
  const patch = parseInput(leadWorkflowPatchSchema, request.patch, "lead update");

  const changed = await db.transaction(async (tx) => {
    const [current] = await tx.sql<CurrentRow>(Prisma.sql`
      SELECT erased_at IS NOT NULL AS erased, status::text AS status, owner_id, tags FROM leads
      WHERE id = ${id}::uuid AND workspace_id = ${workspaceId}::uuid FOR UPDATE`);
    if (!current) throw leadNotFound(request.leadId);
    if (current.erased) throw leadErased(request.leadId);
    if (patch.ownerId) await requireOwnerMember(tx, workspaceId, patch.ownerId);
    const byEmail = patch.ownerEmail ? await ownerIdByEmail(tx, workspaceId, patch.ownerEmail) : patch.ownerEmail;
    const tags = patch.tags === undefined ? current.tags : await canonicalTags(tx, workspaceId, patch.tags);
    const status = patch.status ?? current.status;
    const ownerId = patch.ownerId !== undefined ? patch.ownerId : byEmail !== undefined ? byEmail : current.owner_id;
    const changes: LeadChangeInput[] = [];
    if (status !== current.status) changes.push({ field: "status", from: current.status, to: status });
    if (ownerId !== current.owner_id) changes.push({ field: "owner", from: current.owner_id, to: ownerId });
    if (!sameTags(tags, current.tags)) changes.push({ field: "tags", from: current.tags, to: tags });
    if (changes.length === 0) return false;
    // The row is locked, so the checks above still hold; the WHERE says them again so that this
    // statement alone can never write to another workspace's lead or an erased one.
    const updated = await tx.sql(Prisma.sql`
      UPDATE leads SET status = ${status}::lead_status, owner_id = ${ownerId}::uuid, tags = ${tags}::text[], updated_at = now()
        ${firstResponseSet(status !== current.status && isResponse(request.actorUserId, status))}
      WHERE id = ${id}::uuid AND workspace_id = ${workspaceId}::uuid AND erased_at IS NULL RETURNING id`);
    if (updated.length === 0) throw leadErased(request.leadId);
    await recordLeadChanges(tx, workspaceId, id, { userId: request.actorUserId, keyId: request.actorKeyId }, changes);
    await emitLeadUpdated(tx, workspaceId, [{ leadId: id, changes }]);
    await emitLeadAssigned(tx, workspaceId, request.actorUserId, [{ leadId: id, changes }]);
    return true;
  });
  if (changed) wakeOutbox();

  const [lead, fieldNames] = await Promise.all([
    db.prisma.lead.findFirst({ where: { id, workspaceId }, select: leadSelect }),
    loadFieldNames(workspaceId),
  ]);
  if (!lead) throw leadNotFound(request.leadId);
  return toLeadJson(lead, fieldNames);
}

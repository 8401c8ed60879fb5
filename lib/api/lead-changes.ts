import { getDatabase } from "@/lib/db/client";
import { updateLeadWorkflow } from "@/lib/leads/update-lead-workflow";
import { eraseLead } from "@/lib/privacy/erase-lead";
import type { ApiReply, ApiRequest } from "./api-route";

/** PATCH /api/v1/leads/{id}: status, owner and tags (DESIGN.md section 10); answers the lead as it is now. */
export async function patchApiLead({ caller, params, json }: ApiRequest<{ id: string }>): Promise<ApiReply> {
  const patch = await json();
  const lead = await updateLeadWorkflow(await getDatabase(), {
    workspaceId: caller.workspaceId,
    leadId: params.id,
    actorUserId: null,
    actorKeyId: caller.keyId,
    patch,
  });
  return { status: 200, body: lead };
}

/** DELETE /api/v1/leads/{id}: erasure (DESIGN.md section 9); 204, also for a lead erased before. */
export async function deleteApiLead({ caller, actor, params }: ApiRequest<{ id: string }>): Promise<ApiReply> {
  await eraseLead({ workspaceId: caller.workspaceId, leadId: params.id, actor });
  return { status: 204 };
}

import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { uuidOrUndefined } from "@/lib/validation/uuid";
import { loadFieldNames } from "./field-names";
import { type LeadDetailJson, leadSelect, submissionSelect, toLeadJson, toSubmissionJson } from "./lead-json";

/** The id as stored (lower-case UUID), or AppError `lead_not_found` when no lead can have it. */
export function leadIdOrNotFound(leadId: string): string {
  // Not a UUID: no lead can have it, and PostgreSQL would reject the comparison with the uuid column.
  const id = uuidOrUndefined(leadId);
  if (!id) throw leadNotFound(leadId);
  return id;
}

export function leadNotFound(leadId: string): AppError {
  return new AppError("lead_not_found", `No lead "${leadId.trim()}" in this workspace.`);
}

/** What an erased lead still answers with (DESIGN.md section 13): it is no lead any more. */
export interface ErasedLeadJson {
  id: string;
  erasedAt: string;
}

export function leadErased(leadId: string): AppError {
  return new AppError("lead_erased", `The lead "${leadId.trim()}" was erased; it can no longer be changed.`);
}

async function loadLead(workspaceId: string, leadId: string) {
  const id = leadIdOrNotFound(leadId);
  const { prisma } = await getDatabase();
  const [lead, fieldNames] = await Promise.all([
    prisma.lead.findFirst({
      where: { id, workspaceId },
      select: {
        ...leadSelect,
        erasedAt: true,
        submissions: {
          where: { workspaceId },
          orderBy: [{ receivedAt: "asc" }, { id: "asc" }],
          select: submissionSelect,
        },
      },
    }),
    loadFieldNames(workspaceId),
  ]);
  if (!lead) throw leadNotFound(leadId);
  const { erasedAt, submissions, ...row } = lead;
  return { erasedAt, detail: { ...toLeadJson(row, fieldNames), submissions: submissions.map(toSubmissionJson) } };
}

/**
 * A lead of the workspace with its submissions, oldest first, as stored (an erased lead's anonymous row
 * too); AppError `lead_not_found` for any other id. What the API and the CLI answer is readLead's.
 */
export async function getLead(workspaceId: string, leadId: string): Promise<LeadDetailJson> {
  return (await loadLead(workspaceId, leadId)).detail;
}

/** The lead as its readers (the API's `GET`, `leadlink lead get`) see it: an erased one is `{id, erasedAt}` only. */
export async function readLead(workspaceId: string, leadId: string): Promise<LeadDetailJson | ErasedLeadJson> {
  const { erasedAt, detail } = await loadLead(workspaceId, leadId);
  return erasedAt ? { id: detail.id, erasedAt: erasedAt.toISOString() } : detail;
}

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

/** A lead of the workspace with its submissions, oldest first; AppError `lead_not_found` for any other id. */
export async function getLead(workspaceId: string, leadId: string): Promise<LeadDetailJson> {
  const id = leadIdOrNotFound(leadId);
  const { prisma } = await getDatabase();
  const [lead, fieldNames] = await Promise.all([
    prisma.lead.findFirst({
      where: { id, workspaceId },
      select: {
        ...leadSelect,
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
  return { ...toLeadJson(lead, fieldNames), submissions: lead.submissions.map(toSubmissionJson) };
}

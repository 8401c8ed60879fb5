import { z } from "zod";
import { getDatabase } from "@/lib/db/client";
import { parseInput } from "@/lib/validation/parse-input";
import { loadFieldNames } from "./field-names";
import { type LeadJson, leadSelect, toLeadJson } from "./lead-json";

export const MAX_LEADS_PER_PAGE = 1000;

export const LeadListQuery = z.object({
  limit: z.coerce
    .number("must be a number")
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(MAX_LEADS_PER_PAGE, `must be at most ${MAX_LEADS_PER_PAGE}`)
    .default(50),
});
export type LeadListQuery = z.input<typeof LeadListQuery>;

/** The workspace's newest leads first (the order of the leads_workspace_id_created_at_id_idx index). */
export async function listLeads(workspaceId: string, query: LeadListQuery = {}): Promise<LeadJson[]> {
  const { limit } = parseInput(LeadListQuery, query, "lead list");
  const { prisma } = await getDatabase();
  const [leads, fieldNames] = await Promise.all([
    prisma.lead.findMany({
      where: { workspaceId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: limit,
      select: leadSelect,
    }),
    loadFieldNames(workspaceId),
  ]);
  return leads.map((lead) => toLeadJson(lead, fieldNames));
}

import { getDatabase } from "@/lib/db/client";
import { type ApiKeySummary, apiKeySelect, toApiKeySummary } from "./api-key";

/** The workspace's keys, newest first, revoked ones included (flagged). */
export async function listApiKeys(workspaceId: string): Promise<ApiKeySummary[]> {
  const { prisma } = await getDatabase();
  const rows = await prisma.apiKey.findMany({
    where: { workspaceId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: apiKeySelect(workspaceId),
  });
  return rows.map(toApiKeySummary);
}

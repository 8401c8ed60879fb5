import { getDatabase } from "@/lib/db/client";
import { type ApiKeySummary, apiKeyIdOrNotFound, apiKeyNotFound, apiKeySelect, toApiKeySummary } from "./api-key";

/**
 * Revokes a key of the workspace: its next request is 401. Revoking a revoked key keeps its first
 * revocation time. Another workspace's key is not found (the workspace is part of both statements).
 */
export async function revokeApiKey(workspaceId: string, keyId: string): Promise<ApiKeySummary> {
  const id = apiKeyIdOrNotFound(keyId);
  const { prisma } = await getDatabase();
  await prisma.apiKey.updateMany({ where: { id, workspaceId, revokedAt: null }, data: { revokedAt: new Date() } });
  const row = await prisma.apiKey.findFirst({ where: { id, workspaceId }, select: apiKeySelect(workspaceId) });
  if (!row) throw apiKeyNotFound(keyId);
  return toApiKeySummary(row);
}

import { type AuditActor, recordAudit } from "@/lib/audit/record";
import { getDatabase } from "@/lib/db/client";
import { type ApiKeySummary, apiKeyIdOrNotFound, apiKeyNotFound, apiKeySelect, toApiKeySummary } from "./api-key";

/**
 * Revokes a key of the workspace: its next request is 401. Revoking a revoked key keeps its first
 * revocation time (and is audited once: with an `actor`, in the revocation's transaction). Another
 * workspace's key is not found (the workspace is part of both statements).
 */
export async function revokeApiKey(workspaceId: string, keyId: string, actor?: AuditActor): Promise<ApiKeySummary> {
  const id = apiKeyIdOrNotFound(keyId);
  const { prisma } = await getDatabase();
  const row = await prisma.$transaction(async (tx) => {
    const { count } = await tx.apiKey.updateMany({
      where: { id, workspaceId, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    const found = await tx.apiKey.findFirst({ where: { id, workspaceId }, select: apiKeySelect(workspaceId) });
    if (found && count > 0 && actor) {
      const event = { workspaceId, action: "api_key.revoked", targetType: "api_key", targetId: found.id } as const;
      await recordAudit(actor, { ...event, details: { name: found.name, scope: found.scope } }, tx);
    }
    return found;
  });
  if (!row) throw apiKeyNotFound(keyId);
  return toApiKeySummary(row);
}

import { type AuditActor, recordAudit } from "@/lib/audit/record";
import { getDatabase } from "@/lib/db/client";
import { parseInput } from "@/lib/validation/parse-input";
import { type ApiKeySummary, apiKeySelect, toApiKeySummary } from "./api-key";
import { ApiKeyInput } from "./api-key-input";
import { apiKeyTokenPrefix, generateApiKeyToken, hashApiKeyToken } from "./api-key-token";

/**
 * Creates a key in the workspace. The token is returned here, once; the database keeps only its hash. With
 * an `actor`, audited (by name and scope, never the token) in the same transaction.
 */
export async function createApiKey(
  workspaceId: string,
  input: ApiKeyInput,
  options: { createdById?: string; actor?: AuditActor } = {},
): Promise<ApiKeySummary & { token: string }> {
  const { name, scope } = parseInput(ApiKeyInput, input, "API key");
  const token = generateApiKeyToken();
  const { prisma } = await getDatabase();
  const { actor } = options;
  const row = await prisma.$transaction(async (tx) => {
    const created = await tx.apiKey.create({
      data: {
        id: crypto.randomUUID(),
        workspaceId,
        name,
        scope,
        tokenHash: hashApiKeyToken(token),
        tokenPrefix: apiKeyTokenPrefix(token),
        createdById: options.createdById ?? null,
      },
      select: apiKeySelect(workspaceId),
    });
    if (actor) {
      const event = { workspaceId, action: "api_key.created", targetType: "api_key", targetId: created.id } as const;
      await recordAudit(actor, { ...event, details: { name: created.name, scope: created.scope } }, tx);
    }
    return created;
  });
  return { ...toApiKeySummary(row), token };
}

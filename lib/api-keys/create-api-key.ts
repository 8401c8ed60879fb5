import { getDatabase } from "@/lib/db/client";
import { parseInput } from "@/lib/validation/parse-input";
import { type ApiKeySummary, apiKeySelect, toApiKeySummary } from "./api-key";
import { ApiKeyInput } from "./api-key-input";
import { apiKeyTokenPrefix, generateApiKeyToken, hashApiKeyToken } from "./api-key-token";

/** Creates a key in the workspace. The token is returned here, once; the database keeps only its hash. */
export async function createApiKey(
  workspaceId: string,
  input: ApiKeyInput,
  options: { createdById?: string } = {},
): Promise<ApiKeySummary & { token: string }> {
  const { name, scope } = parseInput(ApiKeyInput, input, "API key");
  const token = generateApiKeyToken();
  const { prisma } = await getDatabase();
  const row = await prisma.apiKey.create({
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
  return { ...toApiKeySummary(row), token };
}

import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { ApiKeyScope } from "./api-key-input";
import { API_KEY_PATTERN, hashApiKeyToken } from "./api-key-token";

/** Who is calling the management API: a key, its workspace and what it may do. */
export interface ApiCaller {
  keyId: string;
  workspaceId: string;
  scope: ApiKeyScope;
}

/** lastUsedAt is a day-to-day hint for admins, not an audit trail: written at most once a minute per key. */
const LAST_USED_PRECISION_MS = 60_000;

function unauthorized(detail: string): AppError {
  return new AppError("unauthorized", detail);
}

/**
 * The caller named by an `Authorization: Bearer llk_…` header, or AppError `unauthorized` (401) for a
 * missing, malformed, unknown or revoked key. The same answer for the last three, so a caller learns nothing
 * about which keys exist.
 */
export async function authenticateApiKey(authorization: string | null): Promise<ApiCaller> {
  if (!authorization) {
    throw unauthorized(
      "This request needs an API key: send `Authorization: Bearer llk_…` (create keys under API keys in the admin).",
    );
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  const token = match?.[1];
  if (!token || !API_KEY_PATTERN.test(token)) {
    throw unauthorized("The Authorization header must be `Bearer llk_…` with an API key of this Leadlink.");
  }
  const { prisma } = await getDatabase();
  const key = await prisma.apiKey.findUnique({
    where: { tokenHash: hashApiKeyToken(token) },
    select: { id: true, workspaceId: true, scope: true, revokedAt: true, lastUsedAt: true },
  });
  if (!key || key.revokedAt) throw unauthorized("This API key is unknown or was revoked.");
  const now = Date.now();
  if (!key.lastUsedAt || now - key.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
    await prisma.apiKey.updateMany({ where: { id: key.id, revokedAt: null }, data: { lastUsedAt: new Date(now) } });
  }
  return { keyId: key.id, workspaceId: key.workspaceId, scope: key.scope === "write" ? "write" : "read" };
}

import { getDatabase } from "@/lib/db/client";
import type { Role } from "@/lib/db/generated/enums";
import { AppError } from "@/lib/errors";
import type { ApiKeyScope } from "./api-key-input";
import { API_KEY_PATTERN, hashApiKeyToken } from "./api-key-token";

/** Who is calling the management API: a key, its workspace and what it may do. */
export interface ApiCaller {
  keyId: string;
  workspaceId: string;
  scope: ApiKeyScope;
  /** The current role of whoever made the key, in its workspace; null for a key made on the command line. */
  makerRole: Role | null;
}

interface KeyRow {
  id: string;
  workspaceId: string;
  scope: string;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  createdById: string | null;
  makerRole: Role | null;
}

/** lastUsedAt is a day-to-day hint for admins, not an audit trail: written at most once a minute per key. */
const LAST_USED_PRECISION_MS = 60_000;

function unauthorized(detail: string): AppError {
  return new AppError("unauthorized", detail);
}

/**
 * The caller named by an `Authorization: Bearer llk_…` header, or AppError `unauthorized` (401) for a
 * missing, malformed, unknown or revoked key, or one whose maker is no longer a member of its workspace (however
 * they left: removal revokes their keys, and this check holds for any other path). The same answer for the
 * last four, so a caller learns nothing about which keys exist.
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
  // The key and its maker's current role in one statement: every API request pays for this look-up.
  const [key] = await prisma.$queryRaw<KeyRow[]>`
    SELECT k.id::text AS id, k.workspace_id::text AS "workspaceId", k.scope, k.revoked_at AS "revokedAt",
           k.last_used_at AS "lastUsedAt", k.created_by_id::text AS "createdById", m.role::text AS "makerRole"
    FROM api_keys k
    LEFT JOIN memberships m ON m.workspace_id = k.workspace_id AND m.user_id = k.created_by_id
    WHERE k.token_hash = ${hashApiKeyToken(token)}`;
  const makerLeft = key?.createdById != null && key.makerRole === null;
  if (!key || key.revokedAt || makerLeft) throw unauthorized("This API key is unknown or was revoked.");
  const now = Date.now();
  if (!key.lastUsedAt || now - key.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
    await prisma.apiKey.updateMany({ where: { id: key.id, revokedAt: null }, data: { lastUsedAt: new Date(now) } });
  }
  return {
    keyId: key.id,
    workspaceId: key.workspaceId,
    scope: key.scope === "write" ? "write" : "read",
    makerRole: key.makerRole,
  };
}

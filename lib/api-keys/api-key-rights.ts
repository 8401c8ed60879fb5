import type { Role } from "@/lib/db/generated/enums";
import { AppError } from "@/lib/errors";
import type { ApiKeyScope } from "./api-key-input";

/**
 * What an API operation needs: `read`; `write`, the lead changes any member may make in the admin (status,
 * owner, tags, notes: DESIGN.md section 10); `admin`, what only owners and admins may do (erase leads,
 * manage links, fields and webhooks).
 */
export type ApiKeyNeed = "read" | "write" | "admin";

const RANK: Record<ApiKeyNeed, number> = { read: 0, write: 1, admin: 2 };

/** The most a role may do through a key: a member changes leads, owners and admins do everything. */
function roleRight(role: Role): ApiKeyNeed {
  return role === "member" ? "write" : "admin";
}

/**
 * A key's rights now: the lesser of its scope and its maker's current role, so a key never does more than
 * the person who made it could do today. A key made on the command line (no maker) has its scope's rights.
 */
export function apiKeyRight(scope: ApiKeyScope, makerRole: Role | null): ApiKeyNeed {
  const scopeRight: ApiKeyNeed = scope === "write" ? "admin" : "read";
  if (makerRole === null) return scopeRight;
  const byRole = roleRight(makerRole);
  return RANK[byRole] < RANK[scopeRight] ? byRole : scopeRight;
}

/**
 * A write key whose maker is now a member is suspended for admin-only operations, not revoked: it keeps
 * changing leads, and regains the rest if its maker is made an admin again.
 */
export function isApiKeySuspended(scope: ApiKeyScope, makerRole: Role | null): boolean {
  return scope === "write" && apiKeyRight(scope, makerRole) !== "admin";
}

/** AppError `forbidden` unless a key with `scope`, made by someone whose role is now `makerRole`, may do `need`. */
export function assertApiKeyMay(scope: ApiKeyScope, makerRole: Role | null, need: ApiKeyNeed): void {
  if (RANK[apiKeyRight(scope, makerRole)] >= RANK[need]) return;
  if (scope === "read") {
    throw new AppError("forbidden", "This API key is read-only; this operation needs a key with the write scope.");
  }
  throw new AppError(
    "forbidden",
    "This API key is suspended for this operation: whoever created it is no longer an owner or admin of the workspace. " +
      "It may still read leads and change their status, owner and tags.",
  );
}

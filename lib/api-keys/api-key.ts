import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { uuidOrUndefined } from "@/lib/validation/uuid";
import type { ApiKeyScope } from "./api-key-input";
import { isApiKeySuspended } from "./api-key-rights";

/** A key's columns and its maker, with the maker's membership of the key's workspace (none: they left). */
export function apiKeySelect(workspaceId: string) {
  return {
    id: true,
    name: true,
    scope: true,
    tokenPrefix: true,
    lastUsedAt: true,
    revokedAt: true,
    createdAt: true,
    createdBy: { select: { email: true, name: true, memberships: { where: { workspaceId }, select: { role: true } } } },
  } satisfies Prisma.ApiKeySelect;
}

type ApiKeyRow = Prisma.ApiKeyGetPayload<{ select: ReturnType<typeof apiKeySelect> }>;

/**
 * `revoked`: refused (401), by an admin or because its maker left the workspace; `suspended`: a write key whose
 * maker is now a member, refused (403) for admin-only operations until they are an admin again.
 */
export type ApiKeyState = "active" | "suspended" | "revoked";

/** A key as the admin page lists it: never its token. */
export interface ApiKeySummary {
  id: string;
  name: string;
  scope: ApiKeyScope;
  tokenPrefix: string;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
  /** Who made it; null when made on the command line. `left`: they are no longer a member of the workspace. */
  createdBy: { email: string; name: string | null; left: boolean } | null;
  state: ApiKeyState;
}

export function toApiKeySummary(row: ApiKeyRow): ApiKeySummary {
  const scope: ApiKeyScope = row.scope === "write" ? "write" : "read";
  const maker = row.createdBy;
  const makerRole = maker ? (maker.memberships[0]?.role ?? null) : null;
  const left = maker !== null && makerRole === null;
  const state: ApiKeyState = row.revokedAt || left ? "revoked" : isApiKeySuspended(scope, makerRole) ? "suspended" : "active";
  return {
    ...row,
    scope,
    createdBy: maker ? { email: maker.email, name: maker.name, left } : null,
    state,
  };
}

export function apiKeyNotFound(id: string): AppError {
  return new AppError("api_key_not_found", `No API key "${id.trim()}" in this workspace.`);
}

/** The id as stored, or AppError `api_key_not_found` when no key can have it. */
export function apiKeyIdOrNotFound(id: string): string {
  const found = uuidOrUndefined(id);
  if (!found) throw apiKeyNotFound(id);
  return found;
}

import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { uuidOrUndefined } from "@/lib/validation/uuid";
import type { ApiKeyScope } from "./api-key-input";

export const apiKeySelect = {
  id: true,
  name: true,
  scope: true,
  tokenPrefix: true,
  lastUsedAt: true,
  revokedAt: true,
  createdAt: true,
  createdBy: { select: { email: true, name: true } },
} satisfies Prisma.ApiKeySelect;

type ApiKeyRow = Prisma.ApiKeyGetPayload<{ select: typeof apiKeySelect }>;

/** A key as the admin page lists it: never its token. */
export interface ApiKeySummary {
  id: string;
  name: string;
  scope: ApiKeyScope;
  tokenPrefix: string;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
  /** Who made it; null when made on the command line. */
  createdBy: { email: string; name: string | null } | null;
}

export function toApiKeySummary(row: ApiKeyRow): ApiKeySummary {
  return { ...row, scope: row.scope === "write" ? "write" : "read" };
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

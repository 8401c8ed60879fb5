import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

/** An audit entry as the owners' page and `audit list` show it. */
export interface AuditEntryJson {
  id: string;
  at: string;
  action: string;
  /** `keyName`: the API key's name, when the key still exists. */
  actor: { kind: string; userId: string | null; email: string | null; keyId: string | null; keyName: string | null };
  ip: string | null;
  target: { type: string; id: string } | null;
  details: unknown;
}

/**
 * A workspace's audit log, newest first: its own entries and its members' sign-ins. `before` (an entry's
 * time, ISO) pages back.
 */
export async function listAuditEntries(
  workspaceId: string,
  options: { limit?: number; before?: string } = {},
): Promise<AuditEntryJson[]> {
  const limit = Math.min(Math.max(options.limit ?? 100, 1), 1_000);
  const before = options.before ? new Date(options.before) : undefined;
  if (before && Number.isNaN(before.getTime()))
    throw new AppError("validation_failed", "before must be a date and time (ISO 8601).", {
      errors: [{ field: "before", code: "invalid_date", message: "must be a date and time (ISO 8601)" }],
    });
  const { prisma } = await getDatabase();
  const entries = await prisma.auditEntry.findMany({
    where: {
      OR: [{ workspaceId }, { workspaceId: null, action: "auth.sign_in", actor: { memberships: { some: { workspaceId } } } }],
      ...(before && { createdAt: { lt: before } }),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: {
      id: true,
      createdAt: true,
      action: true,
      actorKind: true,
      actorUserId: true,
      actorKeyId: true,
      targetType: true,
      targetId: true,
      details: true,
      ip: true,
      actor: { select: { email: true } },
    },
  });
  // Keys are named in a second query (an entry keeps its key's id, not a foreign key: keys may go, entries stay).
  const keyIds = [...new Set(entries.flatMap((entry) => (entry.actorKeyId ? [entry.actorKeyId] : [])))];
  const keys =
    keyIds.length === 0
      ? []
      : await prisma.apiKey.findMany({ where: { id: { in: keyIds }, workspaceId }, select: { id: true, name: true } });
  const keyNames = new Map(keys.map((key) => [key.id, key.name]));
  return entries.map((entry) => ({
    id: entry.id,
    at: entry.createdAt.toISOString(),
    action: entry.action,
    actor: {
      kind: entry.actorKind,
      userId: entry.actorUserId,
      email: entry.actor?.email ?? null,
      keyId: entry.actorKeyId,
      keyName: entry.actorKeyId ? (keyNames.get(entry.actorKeyId) ?? null) : null,
    },
    ip: entry.ip,
    target: entry.targetType && entry.targetId ? { type: entry.targetType, id: entry.targetId } : null,
    details: entry.details,
  }));
}

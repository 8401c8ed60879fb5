import { getDatabase, type SqlExecutor, statement } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { log } from "@/lib/log";

/** What can be audited (DESIGN.md section 9). New kinds of change add an entry here. */
export const AUDIT_ACTIONS = [
  "auth.sign_in",
  "workspace.created",
  "member.added",
  "member.role_changed",
  "member.removed",
  "member.password_reset",
  "member.away_changed",
  "invitation.sent",
  "invitation.accepted",
  "invitation.resent",
  "invitation.revoked",
  "link.created",
  "link.updated",
  "link.revoked",
  "field.created",
  "field.updated",
  "field.archived",
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
  "webhook.secret_rotated",
  "api_key.created",
  "api_key.revoked",
  "leads.exported",
  "lead.personal_data_downloaded",
  "lead.erased",
  "privacy.retention_changed",
  "workspace.settings_changed",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who acted: a signed-in user, the command line (an operator on the server), or an API key. */
export interface AuditActor {
  kind: "user" | "cli" | "api_key";
  userId?: string | null;
  keyId?: string | null;
  ip?: string | null;
}

export const CLI_ACTOR: AuditActor = { kind: "cli" };

export type AuditValue = string | number | boolean | null | string[];

/**
 * One setting that changed, from → to. A secret (a webhook's signing secret or header values, a captcha
 * secret) is named without `from` and `to`: the log says it changed, never what it is.
 */
export interface AuditChange {
  field: string;
  from?: AuditValue;
  to?: AuditValue;
}

/**
 * JSON values only; never a lead's personal data (name leads by id: DESIGN.md section 9). The thing changed
 * is named (`name`: a link's, a field's, a key's or a workspace's name, a member's email, an endpoint's URL)
 * so the log still reads when the thing is gone; an update lists its `changes`.
 */
export type AuditDetails = Record<string, AuditValue | AuditChange[]> & { changes?: AuditChange[] };

export interface AuditEvent {
  /** Null for what concerns no one workspace (a sign-in); the workspace's log shows its members' sign-ins. */
  workspaceId: string | null;
  action: AuditAction;
  targetType?: string;
  targetId?: string;
  details?: AuditDetails;
}

/** A transaction of the driver's (lib/db) or of Prisma's: the entry commits with the change it describes. */
export type AuditTransaction = SqlExecutor | Prisma.TransactionClient;

/**
 * Appends an audit entry. With `executor` (a transaction) the entry commits with the change it describes;
 * without one it is written on its own, after the change, and a failure to write it is logged, not thrown:
 * the change has happened and the person who made it must hear so.
 */
export async function recordAudit(actor: AuditActor, event: AuditEvent, executor?: AuditTransaction): Promise<void> {
  const insert = statement(
    `INSERT INTO audit_entries (id, workspace_id, actor_user_id, actor_kind, actor_key_id, action, target_type, target_id, details, ip)
     VALUES (gen_random_uuid(), $1::uuid, $2::uuid, $3, $4::uuid, $5, $6, $7, $8::jsonb, $9)`,
    [
      event.workspaceId,
      actor.userId ?? null,
      actor.kind,
      actor.keyId ?? null,
      event.action,
      event.targetType ?? null,
      event.targetId ?? null,
      JSON.stringify(event.details ?? {}),
      actor.ip ?? null,
    ],
  );
  if (executor) {
    if ("sql" in executor) await executor.sql(insert);
    else await executor.$executeRawUnsafe(insert.text, ...insert.values);
    return;
  }
  try {
    await (await getDatabase()).sql(insert);
  } catch (error) {
    log.error({ err: error, action: event.action }, "audit entry not written");
  }
}

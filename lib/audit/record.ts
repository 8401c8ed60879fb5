import { getDatabase, type SqlExecutor, statement } from "@/lib/db/client";
import { log } from "@/lib/log";

/** What can be audited (DESIGN.md section 9). New kinds of change add an entry here. */
export const AUDIT_ACTIONS = [
  "auth.sign_in",
  "member.added",
  "member.role_changed",
  "member.removed",
  "member.password_reset",
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

/** JSON values only; never a lead's personal data (name leads by id: DESIGN.md section 9). */
export type AuditDetails = Record<string, string | number | boolean | null | string[]>;

export interface AuditEvent {
  /** Null for what concerns no one workspace (a sign-in); the workspace's log shows its members' sign-ins. */
  workspaceId: string | null;
  action: AuditAction;
  targetType?: string;
  targetId?: string;
  details?: AuditDetails;
}

/**
 * Appends an audit entry. With `executor` (a transaction) the entry commits with the change it describes;
 * without one it is written on its own, after the change, and a failure to write it is logged, not thrown:
 * the change has happened and the person who made it must hear so.
 */
export async function recordAudit(actor: AuditActor, event: AuditEvent, executor?: SqlExecutor): Promise<void> {
  const write = async (database: SqlExecutor) =>
    database.sql(
      statement(
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
      ),
    );
  if (executor) {
    await write(executor);
    return;
  }
  try {
    await write(await getDatabase());
  } catch (error) {
    log.error({ err: error, action: event.action }, "audit entry not written");
  }
}

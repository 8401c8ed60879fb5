import type { AuditEntryJson } from "./list-audit";
import type { AuditAction, AuditChange, AuditValue } from "./record";

/** Each action's catalogue key under privacy.audit. */
export const AUDIT_ACTION_KEYS = {
  "auth.sign_in": "signIn",
  "workspace.created": "workspaceCreated",
  "member.added": "memberAdded",
  "member.role_changed": "memberRoleChanged",
  "member.removed": "memberRemoved",
  "member.password_reset": "memberPasswordReset",
  "member.away_changed": "memberAwayChanged",
  "invitation.sent": "invitationSent",
  "invitation.accepted": "invitationAccepted",
  "invitation.resent": "invitationResent",
  "invitation.revoked": "invitationRevoked",
  "link.created": "linkCreated",
  "link.updated": "linkUpdated",
  "link.revoked": "linkRevoked",
  "field.created": "fieldCreated",
  "field.updated": "fieldUpdated",
  "field.archived": "fieldArchived",
  "webhook.created": "webhookCreated",
  "webhook.updated": "webhookUpdated",
  "webhook.deleted": "webhookDeleted",
  "webhook.secret_rotated": "webhookSecretRotated",
  "api_key.created": "apiKeyCreated",
  "api_key.revoked": "apiKeyRevoked",
  "leads.exported": "leadsExported",
  "lead.personal_data_downloaded": "personalDataDownloaded",
  "lead.erased": "leadErased",
  "privacy.retention_changed": "retentionChanged",
  "workspace.settings_changed": "workspaceSettingsChanged",
} as const satisfies Record<AuditAction, string>;

/**
 * A translator of the privacy.audit namespace: next-intl's on the page, use-intl's in English on the command
 * line. Loosely typed, as the keys of settings are data (`fields.<name>`).
 */
export interface AuditTranslate {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
}

/** What an entry says, in words: the action with the thing's name, then what changed or what it concerned. */
export interface AuditDescription {
  action: string;
  /** The link's, field's, key's or workspace's name, the member's email, the endpoint's URL; null for older entries. */
  name: string | null;
  lines: string[];
}

/** Details shown as "Field: value" when an entry has them (beside its changes). */
const DETAIL_KEYS = [
  "label",
  "description",
  "type",
  "role",
  "scope",
  "owner",
  "country",
  "format",
  "filters",
  "leadIds",
] as const;

function fieldLabel(t: AuditTranslate, field: string): string {
  const key = `fields.${field}`;
  return t.has(key) ? t(key) : field;
}

function valueText(t: AuditTranslate, field: string, value: AuditValue | undefined): string {
  if (value === null || value === undefined || value === "") return t("none");
  if (Array.isArray(value)) return value.length === 0 ? t("none") : value.join(", ");
  if (typeof value === "boolean") return value ? t("yes") : t("no");
  // Codes that have words in the catalogue; anything else (a new code) shows as it is.
  if (field === "role") return t("roleValue", { role: String(value) });
  if (field === "scope") return t("scopeValue", { scope: String(value) });
  if (field === "type") return t("typeValue", { type: String(value) });
  // Quoted, so a value with spaces or punctuation reads apart from the sentence around it.
  return typeof value === "string" ? `“${value}”` : String(value);
}

function changeLine(t: AuditTranslate, change: AuditChange): string {
  const field = fieldLabel(t, change.field);
  if (!("from" in change) && !("to" in change)) return t("secretChanged", { field });
  return t("change", {
    field,
    from: valueText(t, change.field, change.from),
    to: valueText(t, change.field, change.to),
  });
}

function isChange(value: unknown): value is AuditChange {
  return typeof value === "object" && value !== null && typeof (value as AuditChange).field === "string";
}

/** An entry in words, in the translator's language. Entries written before names were recorded still read. */
export function describeAuditEntry(t: AuditTranslate, entry: AuditEntryJson): AuditDescription {
  const key = (AUDIT_ACTION_KEYS as Record<string, string>)[entry.action];
  const details = (typeof entry.details === "object" && entry.details !== null ? entry.details : {}) as Record<string, unknown>;
  const name = typeof details.name === "string" ? details.name : null;
  const lines: string[] = [];
  const changes = Array.isArray(details.changes) ? details.changes.filter(isChange) : [];
  for (const change of changes) lines.push(changeLine(t, change));
  if (typeof details.removedAlias === "string" && name) lines.push(t("aliasRemoved", { label: details.removedAlias }));
  for (const detail of DETAIL_KEYS) {
    const value = details[detail] as AuditValue | undefined;
    // The role a change already shows, and a field's label when it is what changed, are not repeated.
    if (value === undefined || value === null || changes.some((change) => change.field === detail)) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    lines.push(t("detail", { field: fieldLabel(t, detail), value: valueText(t, detail, value) }));
  }
  return { action: key ? t(key) : entry.action, name, lines };
}

import type { AuditChange, AuditValue } from "./record";

function same(a: AuditValue, b: AuditValue): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function auditValue(value: unknown): AuditValue {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value === "object" && "toNumber" in value && typeof value.toNumber === "function") return value.toNumber();
  return String(value);
}

/**
 * What differs between `before` and `after` among `fields`, as the audit log's `changes`. Fields in
 * `secrets` are named when they change but their values are left out (DESIGN.md section 9: the log says what
 * changed, never a secret).
 */
export function auditChanges<T extends object>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
  secrets: readonly (keyof T & string)[] = [],
): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const from = auditValue(before[field]);
    const to = auditValue(after[field]);
    if (same(from, to)) continue;
    changes.push(secrets.includes(field) ? { field } : { field, from, to });
  }
  return changes;
}

/**
 * A URL as the audit log names it: without a password, and for a Slack incoming webhook (whose path is its
 * credential) only its host.
 */
export function auditUrl(url: string, kind = "webhook"): string {
  try {
    const parsed = new URL(url);
    if (kind === "slack") return `${parsed.origin}/…`;
    parsed.password = "";
    return parsed.toString();
  } catch {
    return kind === "slack" ? "…" : url;
  }
}

import { auditChanges, auditUrl } from "@/lib/audit/audit-changes";
import type { AuditChange } from "@/lib/audit/record";
import type { WebhookHeader } from "./endpoint-input";
import type { EndpointRow } from "./webhook-endpoint";

function headersOf(row: EndpointRow): WebhookHeader[] {
  return Array.isArray(row.headers) ? (row.headers as unknown as WebhookHeader[]) : [];
}

/**
 * What an endpoint's update changed, for the audit log: URLs as the log names them, header names shown,
 * header values only named (they are credentials: DESIGN.md section 7 masks them once saved).
 */
export function auditEndpointUpdate(before: EndpointRow, after: EndpointRow): AuditChange[] {
  const view = (row: EndpointRow) => ({
    kind: row.kind,
    url: auditUrl(row.url, row.kind),
    chatId: row.chatId,
    botToken: row.botToken,
    events: row.events,
    linkIds: row.linkIds,
    description: row.description,
    headers: headersOf(row).map((header) => header.name),
    headerValues: JSON.stringify(headersOf(row).map((header) => [header.name.toLowerCase(), header.value])),
  });
  const changes = auditChanges(
    view(before),
    view(after),
    ["kind", "url", "chatId", "botToken", "events", "linkIds", "description", "headers", "headerValues"],
    // A Telegram bot token is a credential like a header value: its change is named, never shown.
    ["headerValues", "botToken"],
  );
  // A Slack URL's path is its credential: a new one is named, not shown, when its host stays the same.
  if (after.kind === "slack" && before.url !== after.url && !changes.some((change) => change.field === "url")) {
    changes.push({ field: "url" });
  }
  return changes;
}

import { type AuditActor, recordAudit } from "@/lib/audit/record";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { getDatabase } from "@/lib/db/client";
import { parseInput, validationFailed } from "@/lib/validation/parse-input";
import { auditEndpointUpdate } from "./audit-endpoint-update";
import { assertWorkspaceLinks, endpointAuditEvent } from "./create-endpoint";
import { WebhookEndpointInput, type WebhookHeader } from "./endpoint-input";
import { assertPublicUrl } from "./ssrf-guard";
import {
  endpointIdOrNotFound,
  endpointNotFound,
  endpointSelect,
  toEndpointSummary,
  type WebhookEndpointSummary,
} from "./webhook-endpoint";

/**
 * An endpoint's new settings. Header values are masked once saved, so a header sent without a value
 * (`value` null or absent) keeps the value stored under the same name; `enabled` has its own verb
 * (setEndpointEnabled), so saving settings never re-enables an endpoint Leadlink disabled.
 */
export type WebhookEndpointUpdate = Omit<WebhookEndpointInput, "headers" | "enabled" | "botToken"> & {
  headers?: { name: string; value?: string | null }[];
  /** A Telegram endpoint's token is masked once saved: absent, null or empty keeps the stored one. */
  botToken?: string | null;
};

function storedHeaders(value: unknown): WebhookHeader[] {
  return Array.isArray(value) ? (value as WebhookHeader[]) : [];
}

/**
 * Replaces an endpoint's settings (url, kind, events, links, headers, description); its secret stays. With an
 * `actor`, what changed is audited (header values named, never shown).
 */
export async function updateEndpoint(
  workspaceId: string,
  endpointId: string,
  input: WebhookEndpointUpdate,
  actor?: AuditActor,
): Promise<WebhookEndpointSummary> {
  const id = endpointIdOrNotFound(endpointId);
  const { prisma } = await getDatabase();
  const current = await prisma.webhookEndpoint.findFirst({ where: { id, workspaceId }, select: endpointSelect });
  if (!current) throw endpointNotFound(endpointId);

  const stored = new Map(storedHeaders(current.headers).map((header) => [header.name.toLowerCase(), header.value]));
  const headers = (input.headers ?? []).map((header, index) => {
    if (header.value !== null && header.value !== undefined) return { name: header.name, value: header.value };
    const kept = stored.get(String(header.name).trim().toLowerCase());
    if (kept === undefined) {
      throw validationFailed("webhook endpoint", [
        { field: `headers.${index}.value`, code: "required", message: `the new header "${header.name}" needs a value` },
      ]);
    }
    return { name: header.name, value: kept };
  });
  const botToken = input.botToken || (current.kind === "telegram" ? current.botToken : null) || undefined;
  const { enabled: _enabled, ...data } = parseInput(WebhookEndpointInput, { ...input, headers, botToken }, "webhook endpoint");
  if (data.kind !== "telegram") await assertPublicUrl(data.url);
  await assertWorkspaceLinks(workspaceId, data.linkIds);

  // Tenancy in the write itself: the row may have moved on since the read, never to another workspace.
  const row = await prisma.$transaction(async (tx) => {
    const { count } = await tx.webhookEndpoint.updateMany({
      where: { id, workspaceId },
      data: { ...data, updatedAt: new Date() },
    });
    const updated =
      count === 0 ? null : await tx.webhookEndpoint.findFirst({ where: { id, workspaceId }, select: endpointSelect });
    if (!updated) throw endpointNotFound(endpointId);
    const changes = auditEndpointUpdate(current, updated);
    if (actor && changes.length > 0) {
      await recordAudit(actor, endpointAuditEvent(workspaceId, "webhook.updated", updated, { changes }), tx);
    }
    return updated;
  });
  // Ingest decides from the link cache whether a workspace's leads need the outbox, and which endpoint wants what.
  invalidateCaptureLinks(workspaceId);
  return toEndpointSummary(row);
}

import { auditUrl } from "@/lib/audit/audit-changes";
import { type AuditActor, type AuditDetails, type AuditEvent, recordAudit } from "@/lib/audit/record";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { parseInput } from "@/lib/validation/parse-input";
import { WebhookEndpointInput } from "./endpoint-input";
import { assertPublicUrl } from "./ssrf-guard";
import { endpointSelect, toEndpointSummary, type WebhookEndpointSummary } from "./webhook-endpoint";
import { generateWebhookSecret } from "./webhook-secret";

/** Refuses link ids that are not capture links of this workspace. */
export async function assertWorkspaceLinks(workspaceId: string, linkIds: string[]): Promise<void> {
  if (linkIds.length === 0) return;
  const { prisma } = await getDatabase();
  const found = await prisma.captureLink.findMany({ where: { workspaceId, id: { in: linkIds } }, select: { id: true } });
  const known = new Set(found.map((link) => link.id));
  const missing = linkIds.find((id) => !known.has(id));
  if (missing) throw new AppError("capture_link_not_found", `No capture link "${missing}" in this workspace.`);
}

/** An audit entry about an endpoint, named by its URL (a Slack one's by its host, a Telegram one's by its chat) and description. */
export function endpointAuditEvent(
  workspaceId: string,
  action: "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated",
  endpoint: { id: string; kind: string; url: string; chatId?: string | null; description: string | null },
  details: AuditDetails = {},
): AuditEvent {
  const name = endpoint.kind === "telegram" ? `Telegram ${endpoint.chatId ?? ""}`.trim() : auditUrl(endpoint.url, endpoint.kind);
  const named = { name, description: endpoint.description, ...details };
  return { workspaceId, action, targetType: "webhook_endpoint", targetId: endpoint.id, details: named };
}

/** Creates an endpoint with a fresh secret; the secret is shown once, here. With an `actor`, audited in the same transaction. */
export async function createEndpoint(
  workspaceId: string,
  input: WebhookEndpointInput,
  actor?: AuditActor,
): Promise<WebhookEndpointSummary & { secret: string }> {
  const data = parseInput(WebhookEndpointInput, input, "webhook endpoint");
  if (data.kind !== "telegram") await assertPublicUrl(data.url);
  await assertWorkspaceLinks(workspaceId, data.linkIds);
  const { prisma } = await getDatabase();
  const secret = generateWebhookSecret();
  const row = await prisma.$transaction(async (tx) => {
    const created = await tx.webhookEndpoint.create({ data: { workspaceId, ...data, secret }, select: endpointSelect });
    if (actor) await recordAudit(actor, endpointAuditEvent(workspaceId, "webhook.created", created), tx);
    return created;
  });
  // Ingest skips the outbox for links whose workspace has no endpoint (the link cache says so).
  invalidateCaptureLinks(workspaceId);
  return { ...toEndpointSummary(row), secret };
}

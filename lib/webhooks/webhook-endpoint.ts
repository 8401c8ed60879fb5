import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import type { EndpointKind, WebhookEvent, WebhookHeader } from "./endpoint-input";

export const endpointSelect = {
  id: true,
  kind: true,
  url: true,
  botToken: true,
  chatId: true,
  events: true,
  linkIds: true,
  headers: true,
  description: true,
  enabled: true,
  disabledReason: true,
  createdAt: true,
} satisfies Prisma.WebhookEndpointSelect;

export type EndpointRow = Prisma.WebhookEndpointGetPayload<{ select: typeof endpointSelect }>;

/** An endpoint as the admin and the CLI see it: header values masked after saving (DESIGN.md section 7). */
export interface WebhookEndpointSummary {
  id: string;
  kind: EndpointKind;
  /** Empty for a Telegram endpoint, which has `chatId` and `botToken` (masked) instead. */
  url: string;
  chatId?: string;
  botToken?: string;
  events: WebhookEvent[];
  linkIds: string[];
  headers: { name: string; value: string }[];
  description: string | null;
  enabled: boolean;
  disabledReason: string | null;
  createdAt: string;
}

export function maskHeaderValue(value: string): string {
  return value.length <= 4 ? "••••" : `${value.slice(0, 2)}••••`;
}

export function toEndpointSummary(row: EndpointRow): WebhookEndpointSummary {
  const headers = Array.isArray(row.headers) ? (row.headers as unknown as WebhookHeader[]) : [];
  return {
    id: row.id,
    kind: row.kind === "slack" || row.kind === "telegram" ? row.kind : "webhook",
    url: row.url,
    // Only a Telegram endpoint has them; its token is a secret, shown like a header value once saved.
    ...(row.kind === "telegram" && { chatId: row.chatId ?? "", botToken: maskHeaderValue(row.botToken ?? "") }),
    events: row.events as WebhookEvent[],
    linkIds: row.linkIds,
    headers: headers.map((header) => ({ name: header.name, value: maskHeaderValue(header.value) })),
    description: row.description,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
  };
}

export function endpointNotFound(id: string): AppError {
  return new AppError("webhook_not_found", `No webhook endpoint "${id.trim()}" in this workspace.`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The id as stored, or AppError `webhook_not_found` when no endpoint can have it. */
export function endpointIdOrNotFound(id: string): string {
  const normalised = id.trim().toLowerCase();
  if (!UUID.test(normalised)) throw endpointNotFound(id);
  return normalised;
}

/** How an endpoint is named on screen: its URL, or a Telegram endpoint's chat. */
export function endpointLabel(endpoint: { url: string; chatId?: string | null }): string {
  return endpoint.url || `Telegram ${endpoint.chatId ?? ""}`.trim();
}

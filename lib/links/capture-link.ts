import type { Prisma } from "@/lib/db/generated/client";
import { captureUrl } from "./capture-url";
import { maskSourceSettings } from "./link-source-settings";

export const captureLinkSelect = {
  id: true,
  workspaceId: true,
  token: true,
  name: true,
  status: true,
  allowedOrigins: true,
  rateLimit: true,
  honeypotField: true,
  requireIdentity: true,
  requireConsent: true,
  acceptForms: true,
  successUrl: true,
  errorUrl: true,
  captchaProvider: true,
  captchaSiteKey: true,
  captchaMinScore: true,
  captchaAcceptOnOutage: true,
  source: true,
  sourceSettings: true,
  createdAt: true,
  revokedAt: true,
} satisfies Prisma.CaptureLinkSelect;

type CaptureLinkRow = Prisma.CaptureLinkGetPayload<{ select: typeof captureLinkSelect }>;

/**
 * A capture link as the admin pages and the CLI show it: with the URL senders post to, and its source's
 * settings with their secrets masked (lib/links/link-source-settings.ts).
 */
export type CaptureLinkSummary = Omit<CaptureLinkRow, "sourceSettings"> & {
  url: string;
  sourceSettings: Record<string, unknown> | null;
};

export function toCaptureLinkSummary(row: CaptureLinkRow, baseUrl?: string): CaptureLinkSummary {
  return { ...row, sourceSettings: maskSourceSettings(row.sourceSettings), url: captureUrl(row.token, baseUrl) };
}

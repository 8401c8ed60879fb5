import type { Prisma } from "@/lib/db/generated/client";
import { captureUrl } from "./capture-url";

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
  createdAt: true,
  revokedAt: true,
} satisfies Prisma.CaptureLinkSelect;

type CaptureLinkRow = Prisma.CaptureLinkGetPayload<{ select: typeof captureLinkSelect }>;

/** A capture link as the admin pages and the CLI show it: with the URL senders post to. */
export type CaptureLinkSummary = CaptureLinkRow & { url: string };

export function toCaptureLinkSummary(row: CaptureLinkRow, baseUrl?: string): CaptureLinkSummary {
  return { ...row, url: captureUrl(row.token, baseUrl) };
}

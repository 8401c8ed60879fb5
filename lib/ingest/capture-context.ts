import { LRUCache } from "lru-cache";
import { onCaptureLinksInvalidated } from "@/lib/cache/capture-links";
import { getDatabase } from "@/lib/db/client";
import type { LinkStatus } from "@/lib/db/generated/enums";
import { whatsappSettings } from "@/lib/env";
import { toDefinition } from "@/lib/fields/custom-field";
import { isLinkToken } from "@/lib/links/link-token";
import { mailEnabled } from "@/lib/mail/mail-config";
import { processSingleton } from "@/lib/process-singleton";
import { type FieldIndex, indexFields } from "./resolve-custom-fields";

/** Everything ingest needs to know about a capture link, loaded once and cached briefly. */
export interface CaptureLinkContext {
  id: string;
  workspaceId: string;
  token: string;
  status: LinkStatus;
  allowedOrigins: string[];
  rateLimit: string | null;
  honeypotField: string | null;
  /** A request with none of name, email or telephone is refused (422) rather than stored as an unnamed lead. */
  requireIdentity: boolean;
  /** A request without consent.granted === true is refused (422), DESIGN.md section 9. */
  requireConsent: boolean;
  /** HTML form posts and captcha (DESIGN.md section 11; lib/capture/html-forms, lib/capture/captcha). */
  acceptForms: boolean;
  successUrl: string | null;
  /** The form settings' success URL (DESIGN.md section 12): where an accepted form post goes when set. */
  formSuccessUrl: string | null;
  errorUrl: string | null;
  captchaProvider: string | null;
  captchaSecret: string | null;
  captchaMinScore: number | null;
  captchaAcceptOnOutage: boolean;
  /** Where the link's leads are born (DESIGN.md section 15): "json" is section 3's shape, others are mapped to it. */
  source: string;
  /** The source's settings (keys, secrets, mapping); null for "json". Never leaves the server. */
  sourceSettings: unknown;
  /** The workspace's default country, for phone numbers sent without a country code. */
  country: string;
  fields: FieldIndex;
  /**
   * Some channel listened to the workspace when this was read (an enabled webhook endpoint; with email on, a
   * member who wants an email per new lead; with WhatsApp on, a member who opted in): ingest then writes its
   * events in the same statement, and skips them otherwise, for nothing would read them. Who exactly hears of
   * an event is each channel's rule (lib/channels), applied when the runner expands it. This process forgets
   * the entry when an endpoint or a preference changes; other instances see a new one within the TTL.
   */
  hasListeners: boolean;
  /** New leads rotate among chosen members (lib/assignment): ingest's statement then assigns them. */
  roundRobin: boolean;
  /** When this was read from the database (ms since epoch). */
  loadedAt: number;
}

// Revocation is also checked inside the ingest statement, so a stale entry can never let a revoked link
// create a lead; the TTL only bounds how long other instances see old origins, limits and fields.
const TTL_MS = 5_000;

const cache = processSingleton(
  "capture-link-cache",
  () =>
    new LRUCache<string, CaptureLinkContext | "missing">({
      max: 10_000,
      ttl: TTL_MS,
      fetchMethod: async (token) => (await loadCaptureLink(token)) ?? "missing",
    }),
);

async function loadCaptureLink(token: string): Promise<CaptureLinkContext | undefined> {
  const { prisma } = await getDatabase();
  const link = await prisma.captureLink.findUnique({
    where: { token },
    select: {
      id: true,
      workspaceId: true,
      token: true,
      status: true,
      allowedOrigins: true,
      rateLimit: true,
      honeypotField: true,
      requireIdentity: true,
      requireConsent: true,
      acceptForms: true,
      successUrl: true,
      form: true,
      errorUrl: true,
      captchaProvider: true,
      captchaSecret: true,
      captchaMinScore: true,
      captchaAcceptOnOutage: true,
      source: true,
      sourceSettings: true,
      roundRobin: true,
      workspace: {
        select: {
          country: true,
          webhookEndpoints: { where: { enabled: true }, select: { id: true }, take: 1 },
          // The members who want something per new lead: an email, a WhatsApp message, or both.
          memberships: {
            where: { notificationPreference: { OR: [{ mode: "instant" }, { whatsappNumber: { not: null } }] } },
            select: { notificationPreference: { select: { mode: true, whatsappNumber: true } } },
          },
          customFields: {
            select: {
              id: true,
              name: true,
              label: true,
              labelKey: true,
              type: true,
              options: true,
              archivedAt: true,
              aliases: { select: { labelKey: true } },
            },
          },
        },
      },
    },
  });
  if (!link) return undefined;
  const { workspace, form, ...rest } = link;
  const formSuccessUrl = (form as { successUrl?: unknown } | null)?.successUrl;
  return {
    ...rest,
    country: workspace.country,
    formSuccessUrl: typeof formSuccessUrl === "string" ? formSuccessUrl : null,
    hasListeners:
      workspace.webhookEndpoints.length > 0 ||
      (mailEnabled() && workspace.memberships.some((member) => member.notificationPreference?.mode === "instant")) ||
      (whatsappSettings() !== undefined &&
        workspace.memberships.some((member) => member.notificationPreference?.whatsappNumber != null)),
    fields: indexFields(workspace.customFields.map(toDefinition)),
    loadedAt: Date.now(),
  };
}

/** The link a token names, or undefined. Malformed tokens are answered without touching the database. */
export async function findCaptureLink(token: string): Promise<CaptureLinkContext | undefined> {
  if (!isLinkToken(token)) return undefined;
  // A fresh entry is read synchronously; fetch (and its promises) only to load one.
  const entry = cache.get(token) ?? (await cache.fetch(token));
  return entry === "missing" || entry === undefined ? undefined : entry;
}

/**
 * The link read again from the database, when the cached copy is older than `olderThanMs`: for a request
 * naming a custom field the cache does not know, which may have been created a moment ago by another process.
 */
export async function refreshCaptureLink(link: CaptureLinkContext, olderThanMs = 1_000): Promise<CaptureLinkContext> {
  if (Date.now() - link.loadedAt < olderThanMs) return link;
  const entry = await cache.fetch(link.token, { forceRefresh: true });
  return entry && entry !== "missing" ? entry : link;
}

// Code below this layer (fields, links, endpoints, notification preferences) forgets entries through
// lib/cache/capture-links.ts after a change. Each bundle's copy of this module registers; all reach the one cache.
onCaptureLinksInvalidated((workspaceId) => {
  for (const [token, entry] of cache.entries()) {
    if (entry === "missing" || !workspaceId || entry.workspaceId === workspaceId) cache.delete(token);
  }
});

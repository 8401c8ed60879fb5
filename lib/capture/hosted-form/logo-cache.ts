import { createHash } from "node:crypto";
import { onCaptureLinksInvalidated } from "@/lib/cache/capture-links";
import { processSingleton } from "@/lib/process-singleton";
import { type FetchedLogo, fetchLogo } from "./fetch-logo";

/** A logo is fetched again after an hour; one that could not be fetched is tried again after five minutes. */
export const LOGO_TTL_MS = 60 * 60 * 1000;
const FAILURE_TTL_MS = 5 * 60 * 1000;
const MAX_ENTRIES = 500;

interface Entry {
  workspaceId: string;
  expiresAt: number;
  logo: Promise<FetchedLogo>;
}

// Per process (lib/process-singleton.ts). Saving a form (lib/links/set-link-form.ts) forgets the workspace's
// links (lib/cache/capture-links.ts), and with them their logos: a new logo shows at once.
const entries = processSingleton("hosted-form-logos", () => {
  const cache = new Map<string, Entry>();
  onCaptureLinksInvalidated((workspaceId) => {
    for (const [key, entry] of cache) if (!workspaceId || entry.workspaceId === workspaceId) cache.delete(key);
  });
  return cache;
});

/** A short fingerprint of the logo's address: the page's `?v=`, so a new logo is a new URL for browsers' caches. */
export function logoVersion(url: string): string {
  return createHash("sha256").update(url).digest("hex").slice(0, 12);
}

/** The link's logo, fetched through fetchLogo once per TTL (concurrent pages share one fetch). */
export function cachedLogo(link: { token: string; workspaceId: string }, url: string, now = Date.now()): Promise<FetchedLogo> {
  const key = `${link.token} ${url}`;
  const cached = entries.get(key);
  if (cached && cached.expiresAt > now) return cached.logo;
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  const logo = fetchLogo(url);
  const entry: Entry = { workspaceId: link.workspaceId, expiresAt: now + LOGO_TTL_MS, logo };
  entries.set(key, entry);
  void logo.then((result) => {
    if (!result.ok) entry.expiresAt = Date.now() + FAILURE_TTL_MS;
  });
  return logo;
}

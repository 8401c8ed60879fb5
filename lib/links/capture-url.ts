import { env } from "@/lib/env";
import { publicBaseUrl } from "@/lib/http/public-base-url";

/**
 * Where senders post: PUBLIC_BASE_URL when the service sits behind a domain, else `fallbackBase` (the
 * admin pages pass the address the admin reached the server at: see app/(admin)/w/[slug]/links/request-base-url.ts),
 * else the local port.
 */
export function captureUrl(token: string, fallbackBase?: string): string {
  const base = env().PUBLIC_BASE_URL ? publicBaseUrl() : (fallbackBase ?? publicBaseUrl());
  return `${base}/ingest/${token}`;
}

/** The link's hosted form (DESIGN.md section 12), on the same address as its capture URL. */
export function hostedFormUrl(token: string, fallbackBase?: string): string {
  const base = env().PUBLIC_BASE_URL ? publicBaseUrl() : (fallbackBase ?? publicBaseUrl());
  return `${base}/f/${token}`;
}

import { env } from "@/lib/env";

/**
 * Where senders post: PUBLIC_BASE_URL when the service sits behind a domain, else `fallbackBase` (the
 * admin pages pass the address the admin is using), else the local port.
 */
export function captureUrl(token: string, fallbackBase?: string): string {
  const { PUBLIC_BASE_URL, PORT } = env();
  return `${PUBLIC_BASE_URL ?? fallbackBase ?? `http://localhost:${PORT}`}/ingest/${token}`;
}

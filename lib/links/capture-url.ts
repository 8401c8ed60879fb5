import { env } from "@/lib/env";

/** Where senders post: PUBLIC_BASE_URL when the service sits behind a domain, else the local port. */
export function captureUrl(token: string): string {
  const { PUBLIC_BASE_URL, PORT } = env();
  return `${PUBLIC_BASE_URL ?? `http://localhost:${PORT}`}/ingest/${token}`;
}

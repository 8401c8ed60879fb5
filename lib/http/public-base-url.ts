import { env } from "@/lib/env";

/**
 * The address this service is published at, for every absolute URL it puts in an answer (problem+json
 * `type`, next-auth's URLs, capture URLs when the admin's own address is not at hand): PUBLIC_BASE_URL, else
 * the local port. Never the request's Host or X-Forwarded-Host, which anyone can write.
 */
export function publicBaseUrl(): string {
  const { PUBLIC_BASE_URL, PORT } = env();
  return PUBLIC_BASE_URL ?? `http://localhost:${PORT || 3000}`;
}

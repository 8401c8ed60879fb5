import { originAllowed } from "@/lib/links/allowed-origins";

const EXPOSED = "Retry-After, Idempotent-Replayed";

/**
 * CORS headers for a capture link's responses, errors included, so a page posting from the browser can
 * read why a request failed. A link with no allowed origins accepts any origin ("*": no credentials are
 * involved). A link with a list grants only those; a request from elsewhere gets no grant at all.
 */
export function corsHeaders(origin: string | null, allowedOrigins: readonly string[] | undefined): Record<string, string> {
  if (!allowedOrigins || allowedOrigins.length === 0) {
    return { "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": EXPOSED };
  }
  const granted = origin !== null && originAllowed(origin, allowedOrigins);
  return {
    ...(granted ? { "Access-Control-Allow-Origin": origin } : {}),
    "Access-Control-Expose-Headers": EXPOSED,
    Vary: "Origin",
  };
}

/** The extra headers of an answer to a CORS preflight (OPTIONS). */
export function preflightHeaders(requestedHeaders: string | null): Record<string, string> {
  const headers = new Set(["Content-Type", "Idempotency-Key"]);
  // Senders' form libraries add their own headers (X-Requested-With, ...): they are harmless here.
  for (const header of (requestedHeaders ?? "").split(",")) {
    const name = header.trim();
    if (/^[A-Za-z0-9-]{1,64}$/.test(name)) headers.add(name);
  }
  return {
    "Access-Control-Allow-Methods": "POST, OPTIONS",
    "Access-Control-Allow-Headers": [...headers].slice(0, 32).join(", "),
    "Access-Control-Max-Age": "86400",
  };
}

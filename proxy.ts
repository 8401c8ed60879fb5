import { type NextRequest, NextResponse } from "next/server";
import { REQUEST_PATH_HEADER } from "@/lib/auth/request-path";
import { createNonce, securityHeaders } from "@/lib/http/security-headers";

/**
 * Security headers for the admin pages (lib/http/security-headers.ts). The CSP goes on the request too:
 * Next.js reads the nonce from it and puts it on the scripts it renders, which is why every page is
 * rendered per request (app/layout.tsx).
 */
export function proxy(request: NextRequest): NextResponse {
  const headers = securityHeaders(createNonce(), { development: process.env.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]!);
  // The page's path, for the sign-in redirect to come back to (lib/auth/session.ts); always ours, never the client's.
  const page = request.nextUrl.clone();
  page.searchParams.delete("_rsc");
  requestHeaders.set(REQUEST_PATH_HEADER, `${page.pathname}${page.search}`);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Not the capture endpoint (the benchmarked hot path, JSON only: lib/http/problem.ts gives it nosniff),
  // nor the health and bench probes, nor hashed static files.
  matcher: ["/((?!ingest/|api/health|api/bench|_next/static|_next/image|favicon.ico|icon.svg).*)"],
};

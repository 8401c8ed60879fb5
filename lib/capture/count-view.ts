import { isbot } from "isbot";
import { getDatabase } from "@/lib/db/client";
import { isDatabaseUnavailable } from "@/lib/db/errors";
import { AppError } from "@/lib/errors";
import { problemResponse } from "@/lib/http/problem";
import { requestMeta } from "@/lib/http/request-meta";
import { findCaptureLink } from "@/lib/ingest/capture-context";
import { enforceRateLimit } from "@/lib/ingest/enforce-rate-limit";
import { originAllowed } from "@/lib/links/allowed-origins";
import { countLinkView } from "@/lib/links/link-views";
import { log } from "@/lib/log";
import { corsHeaders, preflightHeaders } from "./cors";

type RouteContext = { params: Promise<{ captureLink: string }> };

const ALLOW = "POST, OPTIONS";

function refusal(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error))
    return new AppError("service_unavailable", "The database is unavailable; the view was not counted.", { retryAfter: 5 });
  log.error({ err: error }, "counting a view failed unexpectedly");
  return new AppError("internal_error", "An unexpected error occurred; the view was not counted.");
}

/** 204 with an empty text/plain body: what `navigator.sendBeacon` and `fetch(..., {keepalive})` expect, and no cookie. */
function noContent(cors: Record<string, string>): Response {
  return new Response(null, {
    status: 204,
    headers: { ...cors, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * POST /ingest/<token>/views: one page load of the link's form (the hosted form, the JavaScript snippet),
 * counted per link and UTC day (DESIGN.md section 12). The body is ignored and nothing about the visitor is
 * stored; the client's address is only the rate limiter's key, the same limit as the link's submissions.
 * Bots by user agent (isbot) get the same 204 and are not counted. Nothing goes to the submission log: a
 * view is not a request to store a lead.
 */
export async function countViewRoute(request: Request, context: RouteContext): Promise<Response> {
  const { captureLink: token } = await context.params;
  const meta = requestMeta(request);
  let cors = corsHeaders(meta.origin, undefined);
  try {
    const link = await findCaptureLink(token);
    if (!link) throw new AppError("capture_link_not_found", "No capture link has this address.");
    cors = corsHeaders(meta.origin, link.allowedOrigins);
    await enforceRateLimit(link, meta.ip);
    if (link.status === "revoked")
      throw new AppError("capture_link_revoked", "This capture link has been revoked; its form counts no more views.");
    if (meta.origin && link.allowedOrigins.length > 0 && !originAllowed(meta.origin, link.allowedOrigins))
      throw new AppError("origin_not_allowed", "This capture link does not count views from this origin.");
    if (!isbot(meta.userAgent)) await countLinkView(await getDatabase(), link.id);
    return noContent(cors);
  } catch (error) {
    return problemResponse(refusal(error), cors);
  }
}

/** The views endpoint's CORS preflight: like the capture endpoint's (lib/capture/capture-route.ts). */
export async function viewPreflightRoute(request: Request, context: RouteContext): Promise<Response> {
  const { captureLink: token } = await context.params;
  const origin = request.headers.get("origin");
  const link = await findCaptureLink(token).catch(() => undefined);
  const cors = corsHeaders(origin, link?.allowedOrigins);
  const grant =
    "Access-Control-Allow-Origin" in cors ? preflightHeaders(request.headers.get("access-control-request-headers")) : {};
  return new Response(null, { status: 204, headers: { ...cors, ...grant, Allow: ALLOW } });
}

export function viewMethodNotAllowed(request: Request): Response {
  const cors = corsHeaders(request.headers.get("origin"), undefined);
  return problemResponse(new AppError("method_not_allowed", `Use POST to count a view (got ${request.method}).`), {
    ...cors,
    Allow: ALLOW,
  });
}

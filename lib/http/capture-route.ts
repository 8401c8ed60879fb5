import { type Database, getDatabase } from "@/lib/db/client";
import { isDatabaseUnavailable } from "@/lib/db/errors";
import type { PrismaClient } from "@/lib/db/generated/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { MAX_IDEMPOTENCY_KEY, requestHash } from "@/lib/ingest/idempotency";
import { type CaptureLinkContext, findCaptureLink } from "@/lib/ingest/link-cache";
import { enforceRateLimit, isUnloggedRateLimit, RateLimitedError } from "@/lib/ingest/rate-limit";
import { recordRejection } from "@/lib/ingest/record-rejection";
import { pickStatsShard } from "@/lib/ingest/stats-shard";
import type { SubmissionRecord } from "@/lib/ingest/submission-record";
import { utmOf } from "@/lib/ingest/utm";
import { originAllowed } from "@/lib/links/allowed-origins";
import { log } from "@/lib/log";
import { corsHeaders, preflightHeaders } from "./cors";
import { jsonResponse, problemResponse, problemStatus } from "./problem";
import { assertAcceptableBody, parseJsonObject, type ReceivedBody, readBody, storablePayload } from "./read-body";
import { type RequestMeta, requestMeta } from "./request-meta";

type RouteContext = { params: Promise<{ captureLink: string }> };

export interface CaptureRequest {
  database: Database;
  link: CaptureLinkContext;
  body: Record<string, unknown>;
  record: SubmissionRecord;
}

export interface CaptureReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const ALLOW = "POST, OPTIONS";
const RETRY_AFTER_UNAVAILABLE = 5;

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) {
    return new AppError("service_unavailable", "The database is unavailable; nothing was stored. Retry in a few seconds.", {
      retryAfter: RETRY_AFTER_UNAVAILABLE,
      cause: error,
    });
  }
  log.error({ err: error }, "ingest request failed unexpectedly");
  return new AppError("internal_error", "An unexpected error occurred; nothing was stored. It has been logged; the request may be retried.");
}

function baseUrl(request: Request): string {
  return env().PUBLIC_BASE_URL ?? new URL(request.url).origin;
}

function newRecord(meta: RequestMeta): SubmissionRecord {
  return {
    payload: null,
    ip: meta.ip,
    userAgent: meta.userAgent,
    origin: meta.origin,
    referer: meta.referer,
    idempotencyKey: meta.idempotencyKey?.slice(0, MAX_IDEMPOTENCY_KEY * 4) ?? null,
    requestHash: null,
  };
}

async function readPayload(request: Request, record: SubmissionRecord): Promise<ReceivedBody> {
  const received = await readBody(request, env().INGEST_BODY_TIMEOUT_MS);
  record.payload = storablePayload(received.text);
  record.requestHash = requestHash(received.text);
  return received;
}

/**
 * Counts a request that reached a link against the link's limit, before its body is read or anything is
 * stored: whatever a client sends, it adds at most the limit's worth of log entries per window (plus its
 * first 429). That first 429 keeps the body it refused, like any recorded rejection, when there is one to keep.
 */
async function countRequest(link: CaptureLinkContext, meta: RequestMeta, bodyOf?: { request: Request; record: SubmissionRecord }) {
  try {
    await enforceRateLimit(link, meta.ip);
  } catch (error) {
    if (bodyOf && error instanceof RateLimitedError && error.logged) await readPayload(bodyOf.request, bodyOf.record).catch(() => {});
    throw error;
  }
}

/** Records a refused request of an existing link, unless it is a repeated 429 or the database is what failed. */
async function recordRefusal(prisma: PrismaClient, link: CaptureLinkContext, error: AppError, record: SubmissionRecord, body: unknown) {
  // A repeated 429 in the same window is left out of the log, so a flood costs no write per request.
  if (error.code === "service_unavailable" || isUnloggedRateLimit(error)) return;
  await recordRejection(
    prisma,
    link,
    { code: error.code, status: problemStatus(error.code), outcome: "rejected", errors: error.errors, warnings: error.warnings },
    record,
    utmOf(body),
    pickStatsShard(),
  ).catch((recordError: unknown) => log.error({ err: recordError, code: error.code }, "could not record a rejected submission"));
}

/**
 * The one wrapper around the public capture endpoint: resolves the link, counts the request against the
 * rate limit, reads the body (within INGEST_BODY_TIMEOUT_MS), applies the link's rules, runs the handler,
 * and turns every failure into problem+json with CORS headers. Every request that reaches an existing link
 * is recorded, accepted or rejected, within the rate limit.
 */
function captureHandler(method: "POST" | "OTHER", handler?: (request: CaptureRequest) => Promise<CaptureReply>) {
  return async (request: Request, context: RouteContext): Promise<Response> => {
    const { captureLink: token } = await context.params;
    const meta = requestMeta(request);
    let cors = corsHeaders(meta.origin, undefined);
    let link: CaptureLinkContext | undefined;
    let prisma: PrismaClient | undefined;
    let body: unknown;
    const record = newRecord(meta);

    try {
      link = await findCaptureLink(token);
      if (link) cors = corsHeaders(meta.origin, link.allowedOrigins);
      if (method === "OTHER") {
        // Recorded for an existing link (a form posting with GET shows up in the log), 405 either way.
        // The body of a wrong method is not read: the log needs the fact, not what came with it.
        if (link) {
          prisma = (await getDatabase()).prisma;
          await countRequest(link, meta);
        }
        throw new AppError("method_not_allowed", `Use POST to send a lead to a capture link (got ${request.method}).`);
      }
      if (!link) {
        throw new AppError("capture_link_not_found", "No capture link has this address. Check the URL copied from Leadlink.");
      }
      const database = await getDatabase();
      prisma = database.prisma;
      await countRequest(link, meta, link.status === "active" ? { request, record } : undefined);
      if (link.status === "revoked") {
        // Recorded without its body: a link is often revoked because it was abused, and the log only
        // needs to show that senders still use it.
        throw new AppError("capture_link_revoked", "This capture link has been revoked; it accepts no more leads.");
      }
      const received = await readPayload(request, record);
      if (meta.origin && link.allowedOrigins.length > 0 && !originAllowed(meta.origin, link.allowedOrigins)) {
        throw new AppError("origin_not_allowed", `This capture link does not accept requests from ${meta.origin.slice(0, 200)}.`);
      }
      assertAcceptableBody(received);
      body = parseJsonObject(received.text);
      if (meta.idempotencyKey && meta.idempotencyKey.length > MAX_IDEMPOTENCY_KEY) {
        throw new AppError("validation_failed", "The Idempotency-Key header is too long.", {
          errors: [{ field: "Idempotency-Key", code: "too_long", message: `must be at most ${MAX_IDEMPOTENCY_KEY} characters` }],
        });
      }

      const reply = await handler!({ database, link, body: body as Record<string, unknown>, record });
      return jsonResponse(reply.status, reply.body, { ...cors, ...reply.headers });
    } catch (caught) {
      const error = toAppError(caught);
      if (link && prisma) await recordRefusal(prisma, link, error, record, body);
      const headers: Record<string, string> = error.code === "method_not_allowed" ? { ...cors, Allow: ALLOW } : cors;
      return problemResponse(error, baseUrl(request), headers);
    }
  };
}

export function captureRoute(handler: (request: CaptureRequest) => Promise<CaptureReply>) {
  return captureHandler("POST", handler);
}

/** Every method but POST and OPTIONS. */
export const captureMethodNotAllowed = captureHandler("OTHER");

/**
 * What marks a refused CORS preflight in the request log: the entry is otherwise that of a refused POST
 * (rejected, origin_not_allowed, the origin), since the browser never sends the POST it asked about.
 */
export const PREFLIGHT_REFUSED = {
  field: "Origin",
  code: "preflight_refused",
  message: "the browser asked first (CORS preflight, OPTIONS) and was refused, so it did not send the request",
} as const;

/**
 * CORS preflight. A link that restricts origins refuses the grant to others here already, so the browser
 * never sends their POST: the refusal is recorded like a refused POST (the link's request log is where an
 * integrator finds out), counted by the rate limit like every request. Unknown links get a grant, and then
 * a readable 404 on the POST.
 */
export async function capturePreflight(request: Request, context: RouteContext): Promise<Response> {
  const { captureLink: token } = await context.params;
  const meta = requestMeta(request);
  let link: CaptureLinkContext | undefined;
  try {
    link = await findCaptureLink(token);
  } catch {
    link = undefined; // the POST will say what is wrong
  }
  const cors = corsHeaders(meta.origin, link?.allowedOrigins);
  const granted = "Access-Control-Allow-Origin" in cors;
  if (link) {
    let prisma: PrismaClient | undefined;
    const record = newRecord(meta);
    try {
      prisma = (await getDatabase()).prisma;
      await countRequest(link, meta);
      if (meta.origin && !granted) {
        throw new AppError("origin_not_allowed", `This capture link does not accept requests from ${meta.origin.slice(0, 200)}.`, {
          errors: [{ ...PREFLIGHT_REFUSED }],
        });
      }
    } catch (caught) {
      const error = toAppError(caught);
      if (prisma) await recordRefusal(prisma, link, error, record, undefined);
      // A refused origin still gets the preflight's 204, without a grant (DESIGN.md section 3): the browser
      // reads no answer either way, and the refusal is now in the link's log, where its admin looks.
      if (error.code !== "origin_not_allowed") return problemResponse(error, baseUrl(request), { ...cors, Allow: ALLOW });
    }
  }
  return new Response(null, {
    status: 204,
    headers: { ...cors, ...(granted ? preflightHeaders(request.headers.get("access-control-request-headers")) : {}), Allow: ALLOW },
  });
}

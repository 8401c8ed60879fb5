import { checkCaptcha } from "@/lib/capture/captcha/check-captcha";
import { readSubmissionBody } from "@/lib/capture/html-forms/read-submission-body";
import { type Database, getDatabase } from "@/lib/db/client";
import { isDatabaseUnavailable } from "@/lib/db/errors";
import { env } from "@/lib/env";
import { errorStatus } from "@/lib/error-codes";
import { AppError, type FieldIssue } from "@/lib/errors";
import { jsonResponse, problemResponse, toProblem } from "@/lib/http/problem";
import { type ReceivedBody, readBody } from "@/lib/http/read-body";
import { type RequestMeta, requestMeta } from "@/lib/http/request-meta";
import { type CaptureLinkContext, findCaptureLink } from "@/lib/ingest/capture-context";
import { isDryRun } from "@/lib/ingest/dry-run";
import { enforceRateLimit, isUnloggedRateLimit, RateLimitedError } from "@/lib/ingest/enforce-rate-limit";
import { MAX_IDEMPOTENCY_KEY, requestHash } from "@/lib/ingest/idempotency";
import { type Rejection, recordRejection } from "@/lib/ingest/record-rejection";
import { pickStatsShard } from "@/lib/ingest/stats-shard";
import { type UtmValues, utmOf } from "@/lib/ingest/utm";
import type { SubmissionRecord } from "@/lib/leads/submission-record";
import { originAllowed } from "@/lib/links/allowed-origins";
import { log } from "@/lib/log";
import { storableText } from "@/lib/normalise/text";
import { corsHeaders, preflightHeaders } from "./cors";
import { answersWithRedirect, errorRedirect, successRedirect } from "./form-redirect";
import type { SourceAnswer, SourceSubmission } from "./sources/source-adapter";
import { sourceAdapter } from "./sources/sources";

type RouteContext = { params: Promise<{ captureLink: string }> };

export interface CaptureRequest {
  database: Database;
  link: CaptureLinkContext;
  body: Record<string, unknown>;
  record: SubmissionRecord;
  /** About the request rather than its fields (a form's ignored files, an unverified captcha): added to the lead's. */
  warnings: FieldIssue[];
}

export interface CaptureReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** A bot (e.g. a filled honeypot): answered like a person, so it learns nothing, and logged as spam. */
  spam?: boolean;
  /** Answered as text/plain instead of JSON (a source's answer, e.g. Meta's subscription challenge). */
  text?: string;
}

/** One request on its way through the endpoint: what the link's log will keep of it. */
interface Attempt {
  request: Request;
  meta: RequestMeta;
  /** Filled in as the request is read (payload, hash); kept whatever the outcome. */
  record: SubmissionRecord;
  /** The body's usable UTM values, once it is parsed: a rejected submission keeps its campaign. */
  utm: UtmValues;
}

/** What became of a request: an answer for the sender, or a refusal (an AppError). */
type Outcome = { reply: CaptureReply } | { refused: AppError };

const ALLOW = "POST, OPTIONS";
const RETRY_AFTER_UNAVAILABLE = 5;

/** A reply as the sender gets it: JSON, or plain text when the reply says so. */
function replyResponse(reply: CaptureReply, cors: Record<string, string>): Response {
  if (reply.text === undefined) return jsonResponse(reply.status, reply.body, { ...cors, ...reply.headers });
  return new Response(reply.text, {
    status: reply.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...cors, ...reply.headers },
  });
}

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) {
    return new AppError("service_unavailable", "The database is unavailable; nothing was stored. Retry in a few seconds.", {
      retryAfter: RETRY_AFTER_UNAVAILABLE,
      cause: error,
    });
  }
  log.error({ err: error }, "ingest request failed unexpectedly");
  return new AppError(
    "internal_error",
    "An unexpected error occurred; nothing was stored. It has been logged; the request may be retried.",
  );
}

function newAttempt(request: Request): Attempt {
  const meta = requestMeta(request);
  const record: SubmissionRecord = {
    payload: null,
    ip: meta.ip,
    userAgent: meta.userAgent,
    origin: meta.origin,
    referer: meta.referer,
    idempotencyKey: meta.idempotencyKey?.slice(0, MAX_IDEMPOTENCY_KEY * 4) ?? null,
    requestHash: null,
    dryRun: isDryRun(request.headers),
  };
  return { request, meta, record, utm: {} };
}

// The steps. Each one either passes or throws the AppError the sender gets.

async function readPayload(attempt: Attempt): Promise<ReceivedBody> {
  const received = await readBody(attempt.request, env().INGEST_BODY_TIMEOUT_MS);
  attempt.record.payload = storableText(received.text);
  // Only an Idempotency-Key's record keeps the hash: a SHA-256 of every other body would be work for nothing.
  if (attempt.record.idempotencyKey) attempt.record.requestHash = requestHash(received.text);
  return received;
}

/**
 * Counts a request that reached a link against the link's limit, before its body is read or anything is
 * stored: whatever a client sends, it adds at most the limit's worth of log entries per window (plus its
 * first 429). That first 429 keeps the body it refused, like any recorded rejection, when `keepBody` asks.
 */
async function countRequest(link: CaptureLinkContext, attempt: Attempt, options: { keepBody: boolean }): Promise<void> {
  try {
    await enforceRateLimit(link, attempt.meta.ip);
  } catch (error) {
    if (options.keepBody && error instanceof RateLimitedError && error.logged) await readPayload(attempt).catch(() => {});
    throw error;
  }
}

/** Recorded without its body: a link is often revoked because it was abused, and the log only needs to show that senders still use it. */
function refuseRevoked(link: CaptureLinkContext): void {
  if (link.status === "revoked")
    throw new AppError("capture_link_revoked", "This capture link has been revoked; it accepts no more leads.");
}

function originRefused(meta: RequestMeta, options: { preflight?: boolean } = {}): AppError {
  return new AppError("origin_not_allowed", `This capture link does not accept requests from ${meta.origin!.slice(0, 200)}.`, {
    ...(options.preflight ? { errors: [{ ...PREFLIGHT_REFUSED }] } : {}),
  });
}

function refuseOrigin(link: CaptureLinkContext, meta: RequestMeta): void {
  if (meta.origin && link.allowedOrigins.length > 0 && !originAllowed(meta.origin, link.allowedOrigins))
    throw originRefused(meta);
}

function refuseLongIdempotencyKey(meta: RequestMeta): void {
  if (meta.idempotencyKey && meta.idempotencyKey.length > MAX_IDEMPOTENCY_KEY) {
    throw new AppError("validation_failed", "The Idempotency-Key header is too long.", {
      errors: [{ field: "Idempotency-Key", code: "too_long", message: `must be at most ${MAX_IDEMPOTENCY_KEY} characters` }],
    });
  }
}

/**
 * The one place that writes what became of a request to the link's log, for every outcome but an accepted
 * lead (stored by lib/ingest in the lead's own transaction, so a 2xx always has its record): refusals and
 * spam. Left out: requests to no link, a repeated 429 in the same window (a flood costs no write per
 * request), and a failed database, which is what the write would need.
 */
async function recordOutcome(link: CaptureLinkContext | undefined, attempt: Attempt, outcome: Outcome): Promise<void> {
  if (!link) return;
  let rejection: Rejection;
  if ("refused" in outcome) {
    const error = outcome.refused;
    if (error.code === "service_unavailable" || isUnloggedRateLimit(error)) return;
    rejection = {
      code: error.code,
      status: errorStatus(error.code),
      outcome: "rejected",
      errors: error.errors,
      warnings: error.warnings,
    };
  } else if (outcome.reply.spam) {
    rejection = { code: null, status: outcome.reply.status, outcome: "spam" };
  } else {
    return;
  }
  try {
    const { prisma } = await getDatabase();
    await recordRejection(prisma, link, rejection, attempt.record, attempt.utm, pickStatsShard());
  } catch (error) {
    log.error({ err: error, code: rejection.code }, "could not record a rejected submission");
  }
}

/**
 * The frame of every capture endpoint: find the link (a malformed or unknown token never costs a write),
 * run the method's steps, record the outcome, answer with the link's CORS headers. `answerRefusal` turns a
 * refusal into the answer; problem+json unless the method says otherwise.
 */
function captureEndpoint(options: {
  steps: (link: CaptureLinkContext | undefined, attempt: Attempt) => Promise<CaptureReply>;
  /** Whether a failed lookup (database down) is answered as such, or as if the link were unknown. */
  lookupFailure: "refuse" | "ignore";
  answerRefusal?: (
    error: AppError,
    cors: Record<string, string>,
    request: Request,
    link: CaptureLinkContext | undefined,
  ) => Response | undefined;
  answerReply?: (
    reply: CaptureReply,
    cors: Record<string, string>,
    request: Request,
    link: CaptureLinkContext | undefined,
  ) => Response;
}) {
  return async (request: Request, context: RouteContext): Promise<Response> => {
    const { captureLink: token } = await context.params;
    const attempt = newAttempt(request);
    const found: { link?: CaptureLinkContext; failure?: AppError } = await findCaptureLink(token).then(
      (link) => ({ link }),
      (error: unknown) => (options.lookupFailure === "ignore" ? {} : { failure: toAppError(error) }),
    );
    const cors = corsHeaders(attempt.meta.origin, found.link?.allowedOrigins);
    const outcome: Outcome = found.failure
      ? { refused: found.failure }
      : await options.steps(found.link, attempt).then(
          (reply) => ({ reply }),
          (error: unknown) => ({ refused: toAppError(error) }),
        );
    // An accepted lead was recorded with it (lib/ingest): no call, no await, on the path every lead takes.
    if (!("reply" in outcome) || outcome.reply.spam) await recordOutcome(found.link, attempt, outcome);
    if ("reply" in outcome) {
      return options.answerReply?.(outcome.reply, cors, request, found.link) ?? replyResponse(outcome.reply, cors);
    }
    const error = outcome.refused;
    return (
      options.answerRefusal?.(error, cors, request, found.link) ??
      problemResponse(error, error.code === "method_not_allowed" ? { ...cors, Allow: ALLOW } : cors)
    );
  };
}

/**
 * POST: the one wrapper around the public capture endpoint. Resolves the link, counts the request against
 * the rate limit, reads the body (within INGEST_BODY_TIMEOUT_MS), applies the link's rules, runs the
 * handler, and turns every failure into problem+json with CORS headers. Every request that reaches an
 * existing link is recorded, accepted or rejected, within the rate limit.
 */
export function captureRoute(
  handler: (request: CaptureRequest) => Promise<CaptureReply>,
  options: {
    /**
     * "link": form bodies only on a link that accepts HTML form posts (the public endpoint). "always": the hosted
     * form's own post (lib/capture/hosted-form), which no HTTP route exposes, takes form bodies on every link.
     */
    forms?: "link" | "always";
  } = {},
) {
  return captureEndpoint({
    lookupFailure: "refuse",
    steps: async (link, attempt) => {
      if (!link)
        throw new AppError("capture_link_not_found", "No capture link has this address. Check the URL copied from Leadlink.");
      const database = await getDatabase();
      await countRequest(link, attempt, { keepBody: link.status === "active" });
      refuseRevoked(link);
      const received = await readPayload(attempt);
      refuseOrigin(link, attempt.meta);
      if (link.source !== "json") return receiveFromSource(database, link, attempt, received, handler);
      const contentType = attempt.request.headers.get("content-type") ?? "";
      const { body, warnings, captchaToken } = await readSubmissionBody(
        received,
        contentType,
        link.acceptForms || options.forms === "always",
        attempt.record,
      );
      attempt.utm = utmOf(body);
      refuseLongIdempotencyKey(attempt.meta);
      const captchaWarnings = await checkCaptcha(database, link, captchaToken, attempt.record);
      return handler({ database, link, body, record: attempt.record, warnings: [...warnings, ...captchaWarnings] });
    },
    // A browser's HTML form post goes on to a page (DESIGN.md section 11); everything else gets JSON.
    answerReply: (reply, cors, request, link) =>
      answersWithRedirect(request, link) && reply.status < 300
        ? successRedirect(link, cors, request.headers.get("referer"))
        : replyResponse(reply, cors),
    answerRefusal: (error, cors, request, link) =>
      answersWithRedirect(request, link) ? errorRedirect(link, error, cors, request.headers.get("referer")) : undefined,
  });
}

function sourceAnswerReply(answer: SourceAnswer): CaptureReply {
  return { status: answer.status, body: answer.body ?? null, headers: answer.headers, text: answer.text };
}

function unsupportedSource(link: CaptureLinkContext): AppError {
  return new AppError("not_implemented", `This server cannot read requests for this link's source (${link.source}).`);
}

/** One of a source's submissions, made ready for the pipeline: the record keeps what the source made of it. */
function sourceCapture(
  database: Database,
  link: CaptureLinkContext,
  attempt: Attempt,
  submission: SourceSubmission,
): CaptureRequest {
  const { record } = attempt;
  record.sourceData = JSON.stringify({ mapped: submission.body, platform: submission.platform ?? null });
  if (submission.idempotencyKey && !record.idempotencyKey) {
    // The platform's lead id: a platform that retries (or resends) a lead stores it once.
    record.idempotencyKey = submission.idempotencyKey.slice(0, MAX_IDEMPOTENCY_KEY);
    record.requestHash = requestHash(record.sourceData);
  }
  if (submission.dryRun) record.dryRun = true;
  const firstTouch = submission.firstTouch && utmOf(submission.firstTouch);
  if (firstTouch && Object.keys(firstTouch).length > 0) record.firstTouch = firstTouch;
  attempt.utm = utmOf(submission.body);
  return { database, link, body: submission.body, record, warnings: [] };
}

/**
 * A link whose source is not "json" (DESIGN.md section 15): its adapter (lib/capture/sources) checks and reads
 * the request, then each lead it carries takes the one pipeline. A request with several leads (RD Station's
 * `{"leads": [...]}`) stores and logs each on its own and answers 200 with each one's result in order: a
 * refused lead does not undo the others, and the platform, which would resend all of them, is not asked to.
 */
async function receiveFromSource(
  database: Database,
  link: CaptureLinkContext,
  attempt: Attempt,
  received: ReceivedBody,
  handler: (request: CaptureRequest) => Promise<CaptureReply>,
): Promise<CaptureReply> {
  const adapter = sourceAdapter(link.source);
  if (!adapter) throw unsupportedSource(link);
  const reading = await adapter.receive({
    database,
    link,
    request: attempt.request,
    received,
    keepPayload: (payload) => {
      attempt.record.payload = storableText(payload);
    },
  });
  if ("answer" in reading) return sourceAnswerReply(reading.answer);
  const [only, ...more] = reading.submissions;
  if (!only) throw new AppError("validation_failed", "The request carries no lead.");
  const answer = (reply: CaptureReply): CaptureReply =>
    reading.successStatus && reply.status >= 200 && reply.status < 300 ? { ...reply, status: reading.successStatus } : reply;
  if (more.length === 0) return answer(await handler(sourceCapture(database, link, attempt, only)));
  const results: unknown[] = [];
  for (const submission of reading.submissions) {
    const single: Attempt = { ...attempt, record: { ...attempt.record }, utm: {} };
    const outcome: Outcome = await handler(sourceCapture(database, link, single, submission)).then(
      (reply) => ({ reply }),
      (error: unknown) => ({ refused: toAppError(error) }),
    );
    if (!("reply" in outcome) || outcome.reply.spam) await recordOutcome(link, single, outcome);
    if ("reply" in outcome) results.push({ status: outcome.reply.status, ...(outcome.reply.body as object) });
    else results.push(toProblem(outcome.refused));
  }
  return { status: 200, body: { results } };
}

/**
 * Every method but POST and OPTIONS: 405. Recorded for an existing link (a form posting with GET shows up in
 * the log). The body of a wrong method is not read: the log needs the fact, not what came with it.
 */
export const captureMethodNotAllowed = captureEndpoint({
  lookupFailure: "refuse",
  steps: async (link, attempt) => {
    if (link) {
      const database = await getDatabase();
      await countRequest(link, attempt, { keepBody: false });
      // A source may answer a GET (Meta's subscription challenge); a revoked link answers nothing of the kind.
      const answerGet =
        attempt.request.method === "GET" && link.source !== "json" ? sourceAdapter(link.source)?.answerGet : undefined;
      if (answerGet) {
        refuseRevoked(link);
        const answer = await answerGet({ database, link, request: attempt.request, url: new URL(attempt.request.url) });
        if (answer) return sourceAnswerReply(answer);
      }
    }
    throw new AppError("method_not_allowed", `Use POST to send a lead to a capture link (got ${attempt.request.method}).`);
  },
});

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
 * integrator finds out), counted by the rate limit like every request. Unknown links (or a failed lookup)
 * get a grant, and then a readable answer on the POST.
 */
export const capturePreflight = captureEndpoint({
  lookupFailure: "ignore",
  steps: async (link, attempt) => {
    if (link) {
      await getDatabase();
      await countRequest(link, attempt, { keepBody: false });
      if (attempt.meta.origin && !("Access-Control-Allow-Origin" in corsHeaders(attempt.meta.origin, link.allowedOrigins))) {
        throw originRefused(attempt.meta, { preflight: true });
      }
    }
    return { status: 204, body: null };
  },
  // A refused origin still gets the preflight's 204, without a grant (DESIGN.md section 3): the browser
  // reads no answer either way, and the refusal is now in the link's log, where its admin looks.
  answerRefusal: (error, cors) =>
    error.code === "origin_not_allowed"
      ? new Response(null, { status: 204, headers: { ...cors, Allow: ALLOW } })
      : problemResponse(error, { ...cors, Allow: ALLOW }),
  answerReply: (_reply, cors, request) => {
    const granted = "Access-Control-Allow-Origin" in cors;
    const grant = granted ? preflightHeaders(request.headers.get("access-control-request-headers")) : {};
    return new Response(null, { status: 204, headers: { ...cors, ...grant, Allow: ALLOW } });
  },
});

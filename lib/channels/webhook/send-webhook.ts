import { createHmac } from "node:crypto";
import { Agent, errors } from "undici";
import { storableText } from "@/lib/normalise/text";
import { parseRetryAfter } from "@/lib/outbox/retry-schedule";
import type { WebhookHeader } from "@/lib/webhooks/endpoint-input";
import { connectionAddressError, lookupPublicAddress } from "@/lib/webhooks/ssrf-guard";

export const ATTEMPT_TIMEOUT_MS = 10_000;
/** How much of an answer the attempt log keeps. */
export const RESPONSE_EXCERPT_BYTES = 2_048;

export interface OutgoingRequest {
  url: string;
  /** `msg_…`, the same on every attempt. */
  messageId: string;
  body: string;
  /** Sign with each (two during a rotation); none for Slack, which has no use for them. */
  secrets: string[];
  headers: WebhookHeader[];
  signal?: AbortSignal;
}

export interface AttemptResult {
  status: number | null;
  durationMs: number;
  /** The first 2 KiB of the answer. */
  response: string | null;
  error: string | null;
  retryAfterMs?: number;
}

// undici (Node's own HTTP client, as a package for its Agent) rather than node:http: the dispatcher makes many
// attempts a second on one thread, and node:http's request objects, agent queue and header handling were the
// largest share of its CPU per delivery (docs/benchmarks.md, "Delivery cost"). Connections are kept open
// between attempts to the same origin, at most 64 each, one request at a time on each (no pipelining: a slow
// answer must not hold others up). undici closes an idle connection a second before the server's
// `Keep-Alive: timeout=N` hint says the server will (without it, after 4 s), so that an attempt does not take
// a socket the server is closing at that moment. Names are resolved and checked at connect time (SSRF).
const agent = new Agent({
  connections: 64,
  pipelining: 1,
  headersTimeout: ATTEMPT_TIMEOUT_MS,
  bodyTimeout: ATTEMPT_TIMEOUT_MS,
  connect: { lookup: lookupPublicAddress as never },
});

/** The secrets' keys, decoded once each (base64 after `whsec_`), not at every attempt. */
const keys = new Map<string, Buffer>();
function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret, "base64");
    // Secrets change rarely (rotation); a bound keeps a long-running dispatcher's map small all the same.
    if (keys.size >= 1_000) keys.clear();
    keys.set(secret, key);
  }
  return key;
}

/**
 * The Standard Webhooks signature, `v1,` + base64 of HMAC-SHA256 over "{id}.{timestamp}.{body}" keyed with
 * the secret's bytes (base64 after `whsec_`). Node's HMAC rather than the standardwebhooks package's sign():
 * that one hashes in JavaScript, on the thread that serves ingest, for every attempt. The tests verify these
 * signatures with the package (tests/unit/webhook-signature.test.ts).
 */
function sign(secret: string, messageId: string, timestamp: string, body: string): string {
  return `v1,${createHmac("sha256", keyOf(secret)).update(`${messageId}.${timestamp}.${body}`).digest("base64")}`;
}

/** The Standard Webhooks headers of one attempt: the same webhook-id, a fresh timestamp and signature(s). */
export function signatureHeaders(messageId: string, body: string, secrets: string[], now = new Date()): Record<string, string> {
  if (secrets.length === 0) return {};
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    "webhook-id": messageId,
    "webhook-timestamp": timestamp,
    "webhook-signature": secrets.map((secret) => sign(secret, messageId, timestamp, body)).join(" "),
  };
}

/**
 * One POST: no redirect followed (a 3xx is a failure), 10 s for the whole exchange, only public addresses
 * unless WEBHOOK_ALLOW_PRIVATE_NETWORKS (the name is resolved and checked at connect time, ssrf-guard.ts).
 */
export async function sendWebhook(request: OutgoingRequest): Promise<AttemptResult> {
  // Whatever keeps the request from being made at all (a URL that no longer parses, a header value saved before
  // values were checked, which Node refuses to write) is this attempt's failure, recorded like any other.
  try {
    return await attempt(request);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { status: null, durationMs: 0, response: null, error: `the request could not be made: ${reason}` };
  }
}

async function attempt(request: OutgoingRequest): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(request.url);
  const blocked = connectionAddressError(url);
  if (blocked) return { status: null, durationMs: 0, response: null, error: blocked.message };
  // Keyed by the lower-case name, as node:http's setHeader did: names differing only in case are one header.
  const headers: Record<string, string> = {};
  for (const header of request.headers) headers[header.name.toLowerCase()] = header.value;
  // Credentials in the URL (https://user:pass@host/…) are Basic authentication, as node:http sent them.
  if (url.username || url.password) {
    const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString("base64")}`;
  }
  Object.assign(headers, {
    "content-type": "application/json",
    "user-agent": "Leadlink-Webhooks/1",
    ...signatureHeaders(request.messageId, request.body, request.secrets),
  });

  // 10 s for the whole exchange, the answer's body included; the runner's signal gives the attempt up too.
  const abort = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort.abort();
  }, ATTEMPT_TIMEOUT_MS);
  const giveUp = () => abort.abort(request.signal?.reason);
  request.signal?.addEventListener("abort", giveUp, { once: true });
  if (request.signal?.aborted) giveUp();
  try {
    const answer = await agent.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: "POST",
      headers,
      body: request.body,
      signal: abort.signal,
    });
    // The first 2 KiB are kept; the rest is read and dropped, so that the connection serves the next attempt.
    const chunks: Buffer[] = [];
    let kept = 0;
    let readError: string | null = null;
    try {
      for await (const chunk of answer.body as AsyncIterable<Buffer>) {
        if (kept >= RESPONSE_EXCERPT_BYTES) continue;
        chunks.push(chunk.subarray(0, RESPONSE_EXCERPT_BYTES - kept));
        kept += Math.min(chunk.length, RESPONSE_EXCERPT_BYTES - kept);
      }
    } catch (error) {
      readError = timedOut ? timeoutText() : errorText(error);
    }
    const status = answer.statusCode;
    // Stored as text in the attempt log: a NUL would fail the record of the whole batch.
    const response = storableText(Buffer.concat(chunks).toString("utf8"));
    const redirect = status >= 300 && status < 400;
    return {
      status,
      durationMs: elapsed(),
      response,
      error:
        readError ?? (redirect ? `redirect to ${firstValue(answer.headers.location) ?? "(no location)"} not followed` : null),
      retryAfterMs: parseRetryAfter(firstValue(answer.headers["retry-after"])),
    };
  } catch (error) {
    // A request undici refuses to write (a header value saved before values were checked): sendWebhook's.
    if (error instanceof errors.InvalidArgumentError) throw error;
    return { status: null, durationMs: elapsed(), response: null, error: timedOut ? timeoutText() : errorText(error) };
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener("abort", giveUp);
  }
}

function timeoutText(): string {
  return `no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s`;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function succeeded(result: AttemptResult): boolean {
  return result.error === null && result.status !== null && result.status >= 200 && result.status < 300;
}

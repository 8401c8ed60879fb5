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
  try {
    const answer = await post(url, headers, request.body, request.signal);
    const { status } = answer;
    // Stored as text in the attempt log: a NUL would fail the record of the whole batch.
    const response = storableText(Buffer.concat(answer.excerpt).toString("utf8"));
    const redirect = status >= 300 && status < 400;
    return {
      status,
      durationMs: elapsed(),
      response,
      error:
        answer.readError ??
        (redirect ? `redirect to ${headerValue(answer.rawHeaders, "location") ?? "(no location)"} not followed` : null),
      retryAfterMs: parseRetryAfter(headerValue(answer.rawHeaders, "retry-after")),
    };
  } catch (error) {
    // A request undici refuses to write (a header value saved before values were checked): sendWebhook's.
    if (error instanceof errors.InvalidArgumentError) throw error;
    return { status: null, durationMs: elapsed(), response: null, error: errorText(error) };
  }
}

/** What came back: the status, the headers as undici read them (name, value, …), the first 2 KiB of the body. */
interface Answer {
  status: number;
  rawHeaders: (Buffer | string)[];
  excerpt: Buffer[];
  /** The body could not be read to its end (the connection broke, the 10 s ran out): the attempt failed. */
  readError?: string;
}

/**
 * One POST through the agent's dispatch() with a handler of our own: the answer's headers stay as undici
 * read them and its body is taken chunk by chunk, with no response object, stream or AbortController per
 * attempt (request()'s, a fifth of the dispatcher's CPU per delivery in a profile). 10 s for the whole
 * exchange, the body included (one timer); the runner's `signal` gives the attempt up too. The first 2 KiB of
 * the body are kept; the rest is read and dropped, so that the connection serves the next attempt.
 */
function post(url: URL, headers: Record<string, string>, body: string, signal: AbortSignal | undefined): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let abort: ((reason?: Error) => void) | undefined;
    let reason: Error | undefined;
    let status = 0;
    let rawHeaders: (Buffer | string)[] = [];
    const excerpt: Buffer[] = [];
    let kept = 0;
    const giveUp = (why: Error) => {
      reason ??= why;
      abort?.(reason);
    };
    const timer = setTimeout(() => giveUp(new Error(timeoutText())), ATTEMPT_TIMEOUT_MS);
    const onAbort = () => giveUp(signal?.reason instanceof Error ? signal.reason : new Error("the dispatcher is stopping"));
    signal?.addEventListener("abort", onAbort, { once: true });
    if (signal?.aborted) onAbort();
    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    };
    agent.dispatch({ origin: url.origin, path: `${url.pathname}${url.search}`, method: "POST", headers, body }, {
      onConnect(abortRequest: (reason?: Error) => void) {
        abort = abortRequest;
        if (reason) abortRequest(reason);
      },
      onHeaders(statusCode: number, raw: (Buffer | string)[]) {
        status = statusCode;
        rawHeaders = raw;
        return true;
      },
      onData(chunk: Buffer) {
        if (kept < RESPONSE_EXCERPT_BYTES) {
          const part = chunk.subarray(0, RESPONSE_EXCERPT_BYTES - kept);
          excerpt.push(part);
          kept += part.length;
        }
        return true;
      },
      onComplete() {
        settle();
        resolve({ status, rawHeaders, excerpt });
      },
      onError(error: Error) {
        settle();
        // The answer had begun: what it said so far, and why the rest never came.
        if (status > 0) resolve({ status, rawHeaders, excerpt, readError: reason?.message ?? error.message });
        else reject(error instanceof errors.InvalidArgumentError ? error : (reason ?? error));
      },
    } as never);
  });
}

/** The first value of header `name` (lower case) among undici's raw headers. */
function headerValue(rawHeaders: readonly (Buffer | string)[], name: string): string | undefined {
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    if (rawHeaders[index]!.toString().toLowerCase() === name) return rawHeaders[index + 1]!.toString();
  }
  return undefined;
}

function timeoutText(): string {
  return `no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s`;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function succeeded(result: AttemptResult): boolean {
  return result.error === null && result.status !== null && result.status >= 200 && result.status < 300;
}

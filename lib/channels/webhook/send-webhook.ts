import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";
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

// Connections are kept open between attempts to the same host (a busy endpoint gets many messages a second).
// `timeout` closes idle ones, and only with it does Node's agent honour the server's `Keep-Alive: timeout=N`
// hint (closing a second before the server does): without it, an attempt could take a socket the server is
// closing at that moment and fail with ECONNRESET or "socket hang up" (seen under load in
// webhooks-instances.test.ts). An attempt in flight is bounded by ATTEMPT_TIMEOUT_MS, not by this.
const IDLE_SOCKET_TIMEOUT_MS = 30_000;
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 64, timeout: IDLE_SOCKET_TIMEOUT_MS }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 64, timeout: IDLE_SOCKET_TIMEOUT_MS }),
};

/**
 * The Standard Webhooks signature, `v1,` + base64 of HMAC-SHA256 over "{id}.{timestamp}.{body}" keyed with
 * the secret's bytes (base64 after `whsec_`). Node's HMAC rather than the standardwebhooks package's sign():
 * that one hashes in JavaScript, on the thread that serves ingest, for every attempt. The tests verify these
 * signatures with the package (tests/unit/webhook-signature.test.ts).
 */
function sign(secret: string, messageId: string, timestamp: string, body: string): string {
  const key = Buffer.from(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret, "base64");
  return `v1,${createHmac("sha256", key).update(`${messageId}.${timestamp}.${body}`).digest("base64")}`;
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

function attempt(request: OutgoingRequest): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(request.url);
  const blocked = connectionAddressError(url);
  if (blocked) return Promise.resolve({ status: null, durationMs: 0, response: null, error: blocked.message });
  const headers: Record<string, string> = {};
  for (const header of request.headers) headers[header.name] = header.value;
  Object.assign(headers, {
    "content-type": "application/json",
    "user-agent": "Leadlink-Webhooks/1",
    ...signatureHeaders(request.messageId, request.body, request.secrets),
  });

  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<AttemptResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const transport = url.protocol === "https:" ? https : http;
    const outgoing = transport.request(url, {
      method: "POST",
      headers: { ...headers, "content-length": String(Buffer.byteLength(request.body)) },
      agent: agents[url.protocol as "http:" | "https:"],
      lookup: lookupPublicAddress as never,
      signal: request.signal,
    });
    const timer = setTimeout(
      () => outgoing.destroy(new Error(`no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s`)),
      ATTEMPT_TIMEOUT_MS,
    );
    // Stored as text in the attempt log: a NUL would fail the record of the whole batch.
    const excerpt = (chunks: Buffer[]) => storableText(Buffer.concat(chunks).toString("utf8"));
    outgoing.on("response", (answer) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      answer.on("data", (chunk: Buffer) => {
        if (kept >= RESPONSE_EXCERPT_BYTES) return;
        chunks.push(chunk.subarray(0, RESPONSE_EXCERPT_BYTES - kept));
        kept += Math.min(chunk.length, RESPONSE_EXCERPT_BYTES - kept);
      });
      const done = () => {
        const status = answer.statusCode ?? null;
        const response = excerpt(chunks);
        const redirect = status !== null && status >= 300 && status < 400;
        finish({
          status,
          response,
          error: redirect ? `redirect to ${answer.headers.location ?? "(no location)"} not followed` : null,
          retryAfterMs: parseRetryAfter(answer.headers["retry-after"]),
        });
      };
      answer.on("end", done);
      answer.on("error", (error) =>
        finish({ status: answer.statusCode ?? null, response: excerpt(chunks), error: error.message }),
      );
    });
    outgoing.on("error", (error) => finish({ status: null, response: null, error: error.message }));
    outgoing.end(request.body);
  });
}

export function succeeded(result: AttemptResult): boolean {
  return result.error === null && result.status !== null && result.status >= 200 && result.status < 300;
}

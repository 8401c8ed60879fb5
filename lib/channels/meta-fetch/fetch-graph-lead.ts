import { ATTEMPT_TIMEOUT_MS } from "@/lib/channels/webhook/send-webhook";
import { parseRetryAfter } from "@/lib/outbox/retry-schedule";
import { GRAPH_LEAD_FIELDS, type GraphLead } from "./map-meta-lead";

/** The Graph API version leads are read with. */
export const GRAPH_VERSION = "v21.0";

export type GraphLeadResult =
  | { ok: true; lead: GraphLead; status: number }
  | {
      ok: false;
      /** The Graph API's message (`error.message (code N)`), or what went wrong on the way. */
      error: string;
      status: number | null;
      /** Worth another attempt on the outbox's schedule; false: the fetch has failed for good. */
      retry: boolean;
      retryAfterMs?: number;
    };

/**
 * The Graph API's error codes that say "later" (documented under Graph API error handling: 1 and 2 unknown
 * or service errors, 4, 17, 32, 341 and 613 rate limits), whatever the HTTP status they come with.
 */
const TRANSIENT_CODES = new Set([1, 2, 4, 17, 32, 341, 613]);

interface GraphError {
  message?: unknown;
  code?: unknown;
  error_subcode?: unknown;
  is_transient?: unknown;
}

function redact(text: string, token: string): string {
  return token ? text.replaceAll(token, "<token>") : text;
}

function graphErrorOf(text: string): GraphError | undefined {
  try {
    const { error } = JSON.parse(text) as { error?: GraphError };
    return typeof error === "object" && error !== null ? error : undefined;
  } catch {
    return undefined;
  }
}

function graphErrorText(error: GraphError | undefined, status: number): string {
  if (typeof error?.message !== "string") return `HTTP ${status}`;
  return `${error.message}${error.code === undefined ? "" : ` (code ${String(error.code)})`}`;
}

/**
 * `GET <base>/v21.0/<leadgen_id>?access_token=<page token>&fields=…`: the lead and its answers. A 2xx with the
 * Lead object is the lead. 429, 5xx, a transient Graph error (`is_transient`, the rate-limit codes), a redirect,
 * a timeout or no connection: retried. Any other error (an expired or unauthorised token, an unknown lead) will
 * not change by retrying: the fetch fails for good with the Graph API's message. 10 s for the whole exchange.
 */
export async function fetchGraphLead(request: {
  baseUrl: string;
  leadgenId: string;
  accessToken: string;
  signal?: AbortSignal;
}): Promise<GraphLeadResult> {
  const url = new URL(`${request.baseUrl}/${GRAPH_VERSION}/${encodeURIComponent(request.leadgenId)}`);
  url.searchParams.set("access_token", request.accessToken);
  url.searchParams.set("fields", GRAPH_LEAD_FIELDS);
  const timeout = AbortSignal.timeout(ATTEMPT_TIMEOUT_MS);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  try {
    const answer = await fetch(url, {
      headers: { accept: "application/json", "user-agent": "Leadlink-MetaLeadAds/1" },
      redirect: "manual",
      signal,
    });
    const text = await answer.text();
    const retryAfterMs = parseRetryAfter(answer.headers.get("retry-after") ?? undefined);
    if (answer.status >= 200 && answer.status < 300) {
      const lead = JSON.parse(text) as GraphLead;
      if (typeof lead !== "object" || lead === null || typeof lead.id !== "string") {
        return { ok: false, error: "the Graph API answered without a Lead object", status: answer.status, retry: true };
      }
      return { ok: true, lead, status: answer.status };
    }
    const error = graphErrorOf(text);
    const transient =
      answer.status === 429 ||
      answer.status >= 500 ||
      (answer.status >= 300 && answer.status < 400) ||
      error?.is_transient === true ||
      (typeof error?.code === "number" && TRANSIENT_CODES.has(error.code));
    return {
      ok: false,
      error: redact(graphErrorText(error, answer.status), request.accessToken).slice(0, 1_000),
      status: answer.status,
      retry: transient,
      retryAfterMs,
    };
  } catch (error) {
    const reason = timeout.aborted
      ? `no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s`
      : error instanceof Error
        ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ""}`
        : String(error);
    return { ok: false, error: redact(reason, request.accessToken), status: null, retry: true };
  }
}

import type { Database } from "@/lib/db/client";
import type { ReceivedBody } from "@/lib/http/read-body";
import type { CaptureLinkContext } from "@/lib/ingest/capture-context";
import type { UtmValues } from "@/lib/ingest/utm";

/**
 * A lead source (DESIGN.md section 15): how a platform's request to a capture link becomes section 3's
 * submissions. Each source is one module in this folder registered in ./sources.ts; the capture route
 * (lib/capture/capture-route.ts) calls it after the link's common checks (rate limit, revoked, body read,
 * origin) and before the one pipeline (normalisation, dedupe, custom fields, log, events).
 */
export interface SourceAdapter {
  /**
   * Checks the request (a key, a signature: throw an AppError such as invalid_source_key / invalid_signature,
   * which is recorded in the link's log like any refusal) and reads it: either the submissions it carries,
   * each then stored as if it had been posted as JSON, or an answer given at once (work queued for later).
   */
  receive(request: SourceRequest): Promise<SourceReading> | SourceReading;
  /**
   * A GET to the capture URL (e.g. Meta's subscription challenge). Undefined, or undefined returned: the
   * endpoint's usual 405.
   */
  answerGet?(request: SourceGetRequest): Promise<SourceAnswer | undefined> | SourceAnswer | undefined;
}

export interface SourceRequest {
  database: Database;
  link: CaptureLinkContext;
  request: Request;
  /** The body as read by the endpoint (text and bytes, within the body limit; `tooLarge` already refused). */
  received: ReceivedBody;
  /**
   * Replaces what the link's log keeps as the request's payload (the raw body by default): a form post is kept
   * as the JSON object it became, as the endpoint does for forms, so the admin (and a mapping's "try") reads it.
   */
  keepPayload?(payload: string): void;
}

export interface SourceGetRequest {
  database: Database;
  link: CaptureLinkContext;
  request: Request;
  url: URL;
}

/** One lead the request carries, in section 3's shape. */
export interface SourceSubmission {
  body: Record<string, unknown>;
  /** The platform's own ids (lead id, campaign, form…): kept on the submission as source_data.platform. */
  platform?: Record<string, unknown>;
  /** The platform's lead id, used as the Idempotency-Key when the request has none (a retry stores nothing twice). */
  idempotencyKey?: string;
  /** A platform's test lead (e.g. Google's is_test): recorded as a dry run, no lead written. */
  dryRun?: boolean;
  /**
   * The lead's first touch when the platform knows it (RD Station's first conversion), the body's UTM being the
   * last: a new lead's first-touch UTM values, and an existing lead's when it has none yet.
   */
  firstTouch?: UtmValues;
}

export type SourceReading =
  | {
      submissions: SourceSubmission[];
      /** The status of every stored lead's answer, created or updated (Google asks for 200); default 201 / 200. */
      successStatus?: 200;
    }
  /** Answered at once (e.g. Meta's POST: 200, each lead fetched later through the outbox). */
  | { answer: SourceAnswer };

export interface SourceAnswer {
  status: number;
  /** JSON body, or plain text when `text` is set. */
  body?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

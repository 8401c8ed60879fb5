/** What the submission log keeps about a request besides its outcome. */
export interface SubmissionRecord {
  /** The body as text, at most the body limit; null when none was read. */
  payload: string | null;
  ip: string | null;
  userAgent: string | null;
  origin: string | null;
  referer: string | null;
  idempotencyKey: string | null;
  /** SHA-256 of the body, to tell an Idempotency-Key retry from a different request. */
  requestHash: string | null;
  /** Sent with `Leadlink-Dry-Run: 1` (lib/ingest/dry-run.ts): logged as a dry run, no lead written. */
  dryRun?: boolean;
  /**
   * A link whose source is not "json" (DESIGN.md section 15, lib/capture/sources): what the source made of the
   * body, as JSON text `{"mapped": {...}, "platform": {...}}`, kept on the submission beside the raw payload.
   */
  sourceData?: string | null;
  /**
   * A source's first touch (RD Station's first conversion), when it differs from the body's UTM values (the
   * last touch): what lib/ingest/upsert-lead.ts writes to the lead's first-touch columns. Absent: the body's.
   */
  firstTouch?: Partial<Record<"utmSource" | "utmMedium" | "utmCampaign" | "utmContent" | "utmTerm", string>>;
}

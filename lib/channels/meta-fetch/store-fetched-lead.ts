import type { Database } from "@/lib/db/client";
import { errorStatus } from "@/lib/error-codes";
import { AppError } from "@/lib/errors";
import type { CaptureLinkContext } from "@/lib/ingest/capture-context";
import { requestHash } from "@/lib/ingest/idempotency";
import { ingestSubmission } from "@/lib/ingest/ingest-submission";
import { recordRejection } from "@/lib/ingest/record-rejection";
import { pickStatsShard } from "@/lib/ingest/stats-shard";
import { utmOf } from "@/lib/ingest/utm";
import type { SubmissionRecord } from "@/lib/leads/submission-record";
import { storableText } from "@/lib/normalise/text";
import { type GraphLead, leadPlatformIds, mapMetaLead } from "./map-meta-lead";

/** A queued fetch, as the channel claimed it: the lead Meta announced and the webhook request's metadata. */
export interface AnnouncedFetch {
  leadgenId: string;
  /** The webhook change's value (page_id, form_id, ad_id, adgroup_id, created_time, leadgen_id). */
  platform: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
}

/** What became of a settled fetch: its submission in the link's log, and the lead it made, if any. */
export interface StoredOutcome {
  submissionId: string | null;
  leadId: string | null;
}

function baseRecord(fetch: AnnouncedFetch, payload: string, sourceData: unknown): SubmissionRecord {
  return {
    payload: storableText(payload),
    ip: fetch.ip,
    userAgent: fetch.userAgent,
    origin: null,
    referer: null,
    // The leadgen_id is the lead's idempotency key, hashed alone: a fetch retried after its lead was stored (the
    // process died before the queue row said so) is answered by the first outcome and stores nothing twice.
    idempotencyKey: fetch.leadgenId.slice(0, 255),
    requestHash: requestHash(`meta_lead_ads:${fetch.leadgenId}`),
    sourceData: JSON.stringify(sourceData),
  };
}

/**
 * A fetched lead through the one pipeline, as if it had been posted in section 3's shape (normalisation,
 * dedupe, custom fields, the log entry with the fetched lead as its payload and source_data, events). A lead
 * the pipeline refuses (an invalid answer, a revoked link) is a rejected entry in the log with its code.
 * Throws only what is worth another attempt (the database is unavailable).
 */
export async function storeFetchedLead(
  database: Database,
  link: CaptureLinkContext,
  fetch: AnnouncedFetch,
  lead: GraphLead,
): Promise<StoredOutcome> {
  const body = mapMetaLead(lead);
  const record = baseRecord(fetch, JSON.stringify(lead), {
    mapped: body,
    platform: { ...fetch.platform, ...leadPlatformIds(lead) },
  });
  try {
    const outcome = await ingestSubmission(database, link, body, record);
    if (outcome.spam) {
      const id = await recordRejection(
        database.prisma,
        link,
        { code: null, status: 201, outcome: "spam" },
        record,
        utmOf(body),
        pickStatsShard(),
      );
      return { submissionId: id, leadId: null };
    }
    return { submissionId: null, leadId: outcome.leadId };
  } catch (error) {
    if (!(error instanceof AppError) || error.code === "service_unavailable") throw error;
    const id = await recordRejection(
      database.prisma,
      link,
      { code: error.code, status: errorStatus(error.code), outcome: "rejected", errors: error.errors, warnings: error.warnings },
      record,
      utmOf(body),
      pickStatsShard(),
    );
    return { submissionId: id, leadId: null };
  }
}

/**
 * A lead whose fetch failed for good (DESIGN.md section 15): a rejected entry in the link's log, source_fetch_failed
 * with the Graph API's message, holding what Meta's webhook said of the lead, so that it is never silently lost
 * (and a submission.rejected event, like every refusal, when a channel listens).
 */
export async function recordFailedFetch(
  database: Database,
  link: { id: string; workspaceId: string; hasListeners?: boolean },
  fetch: AnnouncedFetch,
  error: string,
): Promise<StoredOutcome> {
  const record = baseRecord(fetch, JSON.stringify(fetch.platform), { mapped: null, platform: fetch.platform });
  const id = await recordRejection(
    database.prisma,
    link,
    {
      code: "source_fetch_failed",
      status: errorStatus("source_fetch_failed"),
      outcome: "rejected",
      errors: [{ field: "leadgen_id", code: "source_fetch_failed", message: error }],
    },
    record,
    {},
    pickStatsShard(),
  );
  return { submissionId: id, leadId: null };
}

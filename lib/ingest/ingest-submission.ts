import type { Database } from "@/lib/db/client";
import { AppError, type FieldIssue } from "@/lib/errors";
import { type CaptureLinkContext, refreshCaptureLink } from "@/lib/ingest/capture-context";
import { parseLeadInput } from "@/lib/leads/lead-input";
import type { SubmissionRecord } from "@/lib/leads/submission-record";
import { wakeOutbox } from "@/lib/outbox/wake";
import { writeLead } from "./group-commit";
import { findIdempotentOutcome } from "./idempotency";
import { type ResolvedCustomFields, resolveCustomFields } from "./resolve-custom-fields";
import { pickStatsShard } from "./stats-shard";

export interface IngestOutcome {
  leadId: string;
  created: boolean;
  warnings: FieldIssue[];
  /** True when this answers a retry of an earlier request with the same Idempotency-Key. */
  replayed: boolean;
  /** A bot: answered as a created lead (a made-up id), so it learns nothing; no lead was written, the caller logs it as spam. */
  spam?: boolean;
}

function isFilled(value: unknown): boolean {
  if (typeof value === "string") return value.trim() !== "";
  return value !== null && value !== undefined && value !== false;
}

/**
 * One accepted-or-rejected lead submission, from a parsed JSON object to a stored lead:
 * validate and normalise, resolve custom fields, honour Idempotency-Key, then create or update the lead.
 * Throws AppError for every rejection; the caller records rejections and spam (lib/capture/capture-route.ts),
 * this function only the accepted lead, with its submission, in one transaction.
 */
export async function ingestSubmission(
  database: Database,
  link: CaptureLinkContext,
  body: Record<string, unknown>,
  record: SubmissionRecord,
  /** Warnings about the request rather than its fields (a form's ignored files, an unverified captcha). */
  requestWarnings: FieldIssue[] = [],
): Promise<IngestOutcome> {
  const { prisma } = database;
  // A filled honeypot is a bot: it gets the answer a person would, so it learns nothing, and no lead.
  if (link.honeypotField && isFilled(body[link.honeypotField])) {
    return { leadId: crypto.randomUUID(), created: true, warnings: [], replayed: false, spam: true };
  }

  const parsed = parseLeadInput(body, link.country, new Set(link.honeypotField ? [link.honeypotField] : []), {
    requireIdentity: link.requireIdentity,
    requireConsent: link.requireConsent,
  });
  const sentCustomFields = body.customFields;
  let custom: ResolvedCustomFields = { values: {}, errors: [], warnings: [] };
  if (typeof sentCustomFields === "object" && sentCustomFields !== null && !Array.isArray(sentCustomFields)) {
    custom = resolveCustomFields(sentCustomFields as Record<string, unknown>, link.fields);
    if (custom.warnings.some((warning) => warning.code === "unknown_custom_field")) {
      // The field may have been created in the last seconds by another process (the cache is per process).
      const fresh = await refreshCaptureLink(link);
      if (fresh !== link) custom = resolveCustomFields(sentCustomFields as Record<string, unknown>, fresh.fields);
    }
  }
  const errors = [...parsed.errors, ...custom.errors];
  if (errors.length > 0 || !parsed.input) {
    throw new AppError(
      "validation_failed",
      `${errors.length} field${errors.length === 1 ? " is" : "s are"} invalid; nothing was stored.`,
      {
        errors,
        warnings: [...requestWarnings, ...parsed.warnings, ...custom.warnings],
      },
    );
  }

  // An Idempotency-Key (the header, or a platform's lead id) is not looked up first: the write binds it in its own
  // statement, whose unique key refuses a key already bound, and only then is the first request's outcome read
  // (below). A retry is rare; a lookup before every keyed write was a round trip for nothing on every Google Ads
  // or Tally lead (docs/benchmarks.md, "Lead sources' speed").
  const key = record.idempotencyKey;
  const write = () =>
    writeLead(database, {
      workspaceId: link.workspaceId,
      captureLinkId: link.id,
      newLeadId: crypto.randomUUID(),
      submissionId: crypto.randomUUID(),
      input: parsed.input!,
      customValues: custom.values,
      warnings: [...requestWarnings, ...parsed.warnings, ...custom.warnings],
      record,
      statsShard: pickStatsShard(),
      announce: link.hasListeners,
      assign: link.roundRobin,
    });
  let result = await write();
  if (result.kind === "idempotency_conflict" && key && record.requestHash) {
    // The key is bound: the first request's answer (or 422 for another body). A key past its 24 hours is
    // deleted by that lookup, which then finds nothing: the write is tried once more, as a new request.
    const replay = await findIdempotentOutcome(prisma, link.id, key, record.requestHash);
    if (replay) return { ...replay, replayed: true };
    result = await write();
  }
  // This process's dispatcher sends it at once; other instances find it on their next poll.
  if (result.kind === "stored" && (link.hasListeners || (link.roundRobin && result.created))) {
    wakeOutbox();
  }

  switch (result.kind) {
    case "stored":
      return { leadId: result.leadId, created: result.created, warnings: result.warnings, replayed: false };
    case "link_revoked":
      throw new AppError("capture_link_revoked", "This capture link has been revoked; it accepts no more leads.");
    case "idempotency_conflict": {
      // A concurrent request with the same key was stored first: answer as its retry.
      const replay =
        key && record.requestHash ? await findIdempotentOutcome(prisma, link.id, key, record.requestHash) : undefined;
      if (replay) return { ...replay, replayed: true };
      throw new AppError("idempotency_key_reused", "This Idempotency-Key is bound to another request on this capture link.");
    }
  }
}

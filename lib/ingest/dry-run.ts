import type { Database } from "@/lib/db/client";
import { AppError, type FieldIssue } from "@/lib/errors";
import { parseLeadInput } from "@/lib/leads/lead-input";
import type { SubmissionRecord } from "@/lib/leads/submission-record";
import { type CaptureLinkContext, refreshCaptureLink } from "./capture-context";
import { type ResolvedCustomFields, resolveCustomFields } from "./resolve-custom-fields";
import { CUSTOM_FIELDS_KEPT, EMAIL_KEPT, PHONE_KEPT, PHONE_OF_ANOTHER_LEAD } from "./upsert-lead";
import { utmOf } from "./utm";

/** `Leadlink-Dry-Run: 1` (DESIGN.md section 8). */
export const DRY_RUN_HEADER = "Leadlink-Dry-Run";

export function isDryRun(headers: Headers): boolean {
  return headers.get(DRY_RUN_HEADER)?.trim() === "1";
}

export interface DryRunOutcome {
  /** The lead that would be updated; null when one would be created. */
  leadId: string | null;
  created: boolean;
  warnings: FieldIssue[];
}

const warning = (json: string): FieldIssue[] => JSON.parse(json) as FieldIssue[];

/**
 * What ingesting `body` would do, without doing it: the same validation and custom-field resolution as
 * ingestSubmission, the same match (email first, then phone, in the link's workspace) and the same warnings
 * as upsertLead. Writes no lead, no webhook message and no Idempotency-Key; only the link's log entry,
 * marked as a dry run and tied to no lead. A rejection throws, and is logged as a dry run by the caller.
 */
export async function dryRunSubmission(
  database: Database,
  link: CaptureLinkContext,
  body: Record<string, unknown>,
  record: SubmissionRecord,
): Promise<DryRunOutcome> {
  const parsed = parseLeadInput(body, link.country, new Set(link.honeypotField ? [link.honeypotField] : []), {
    requireIdentity: link.requireIdentity,
    requireConsent: link.requireConsent,
  });
  const sent = body.customFields;
  let custom: ResolvedCustomFields = { values: {}, errors: [], warnings: [] };
  if (typeof sent === "object" && sent !== null && !Array.isArray(sent)) {
    custom = resolveCustomFields(sent as Record<string, unknown>, link.fields);
    if (custom.warnings.some((issue) => issue.code === "unknown_custom_field")) {
      const fresh = await refreshCaptureLink(link);
      if (fresh !== link) custom = resolveCustomFields(sent as Record<string, unknown>, fresh.fields);
    }
  }
  const errors = [...parsed.errors, ...custom.errors];
  const warnings = [...parsed.warnings, ...custom.warnings];
  if (errors.length > 0 || !parsed.input) {
    throw new AppError(
      "validation_failed",
      `${errors.length} field${errors.length === 1 ? " is" : "s are"} invalid; nothing was stored (dry run).`,
      { errors, warnings },
    );
  }
  const { email, telephone } = parsed.input;
  const { prisma } = database;
  const select = { id: true, email: true, phone: true } as const;
  const [byEmail, byPhone] = await Promise.all([
    email ? prisma.lead.findFirst({ where: { workspaceId: link.workspaceId, email }, select }) : null,
    telephone ? prisma.lead.findFirst({ where: { workspaceId: link.workspaceId, phone: telephone }, select }) : null,
  ]);
  const match = byEmail ?? byPhone;
  if (match) {
    const phoneElsewhere = byEmail !== null && byPhone !== null && byPhone.id !== byEmail.id;
    if (phoneElsewhere) warnings.push(...warning(PHONE_OF_ANOTHER_LEAD));
    if (email && match.email && match.email !== email) warnings.push(...warning(EMAIL_KEPT));
    if (telephone && match.phone && match.phone !== telephone && !phoneElsewhere) warnings.push(...warning(PHONE_KEPT));
    if (Object.keys(custom.values).length > 0) warnings.push(...warning(CUSTOM_FIELDS_KEPT));
  }
  const created = match === null;
  const utm = utmOf(body);
  await prisma.submission.create({
    data: {
      id: crypto.randomUUID(),
      workspaceId: link.workspaceId,
      captureLinkId: link.id,
      leadId: null,
      outcome: created ? "created" : "updated",
      status: created ? 201 : 200,
      warnings: warnings.map(({ field, code, message }) => ({ field, code, message })),
      payload: record.payload,
      ip: record.ip,
      userAgent: record.userAgent,
      origin: record.origin,
      referer: record.referer,
      idempotencyKey: record.idempotencyKey,
      utmSource: utm.utmSource ?? null,
      utmMedium: utm.utmMedium ?? null,
      utmCampaign: utm.utmCampaign ?? null,
      utmContent: utm.utmContent ?? null,
      utmTerm: utm.utmTerm ?? null,
      dryRun: true,
    },
  });
  return { leadId: match?.id ?? null, created, warnings };
}

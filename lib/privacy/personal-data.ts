import { type AuditActor, recordAudit } from "@/lib/audit/record";
import { getDatabase } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { AppError, type FieldIssue } from "@/lib/errors";
import { loadFieldNames } from "@/lib/leads/field-names";
import { leadIdOrNotFound, leadNotFound } from "@/lib/leads/get-lead";
import { type LeadJson, leadSelect, toLeadJson, toSubmissionJson } from "@/lib/leads/lead-json";
import { normaliseDocument } from "@/lib/normalise/document";
import { normaliseEmail } from "@/lib/normalise/email";
import { normalisePhone } from "@/lib/normalise/phone";
import type { Normalised } from "@/lib/normalise/result";
import { webhookMessageId } from "@/lib/webhooks/list-deliveries";

/** How a person is looked up: one of these, normalised the way ingest stores them, or a lead of theirs. */
export type PersonLookup = { email: string } | { telephone: string } | { document: string } | { leadId: string };

/** Everything held about a person (LGPD art. 18 and 19): DESIGN.md section 9, Access. */
export interface PersonalDataDocument {
  generatedAt: string;
  workspace: { id: string; slug: string; name: string };
  leads: (LeadJson & { erasedAt: string | null })[];
  submissions: {
    id: string;
    leadId: string | null;
    outcome: string;
    receivedAt: string;
    captureLinkId: string;
    payload: Prisma.JsonValue;
    warnings: Prisma.JsonValue[];
    ip: string | null;
    userAgent: string | null;
    origin: string | null;
    referer: string | null;
  }[];
  consentRecords: {
    id: string;
    leadId: string;
    submissionId: string;
    granted: boolean;
    text: string | null;
    version: string | null;
    legalBasis: string;
    purposes: string[];
    ip: string | null;
    userAgent: string | null;
    origin: string | null;
    referer: string | null;
    createdAt: string;
  }[];
  deliveries: {
    messageId: string;
    leadId: string | null;
    endpointId: string;
    url: string;
    type: string;
    state: string;
    createdAt: string;
    deliveredAt: string | null;
    attempts: { at: string; status: number | null; durationMs: number; error: string | null }[];
  }[];
}

function normalised(field: string, result: Normalised<string>): string {
  if (result.ok && result.value !== undefined) return result.value;
  const error: FieldIssue = result.ok
    ? { field, code: "required", message: "must not be empty" }
    : { field, code: result.code, message: result.message };
  throw new AppError("validation_failed", `The ${field} to look up is invalid.`, { errors: [error] });
}

/** Which leads the lookup names, as `where` conditions on the workspace's leads. */
async function leadConditions(workspace: { id: string; country: string }, lookup: PersonLookup) {
  if ("email" in lookup) return [{ email: normalised("email", normaliseEmail(lookup.email.trim())) }];
  if ("telephone" in lookup)
    return [{ phone: normalised("telephone", normalisePhone(lookup.telephone.trim(), workspace.country)) }];
  if ("document" in lookup) return [{ document: normalised("document", normaliseDocument(lookup.document.trim())) }];
  // A lead's page: that lead and every other lead with its email, phone or document.
  const id = leadIdOrNotFound(lookup.leadId);
  const { prisma } = await getDatabase();
  const lead = await prisma.lead.findFirst({
    where: { id, workspaceId: workspace.id },
    select: { email: true, phone: true, document: true },
  });
  if (!lead) throw leadNotFound(lookup.leadId);
  return [
    { id },
    ...(lead.email ? [{ email: lead.email }] : []),
    ...(lead.phone ? [{ phone: lead.phone }] : []),
    ...(lead.document ? [{ document: lead.document }] : []),
  ];
}

/**
 * One JSON document with every lead, submission (payload included), consent record and webhook delivery
 * about the person the lookup names, in one workspace. The audit entry names the leads found by id, never
 * the email, phone or document that was asked for.
 */
export async function collectPersonalData({
  workspaceId,
  lookup,
  actor,
}: {
  workspaceId: string;
  lookup: PersonLookup;
  actor: AuditActor;
}): Promise<PersonalDataDocument> {
  const { prisma } = await getDatabase();
  const workspace = await prisma.workspace.findUniqueOrThrow({
    where: { id: workspaceId },
    select: { id: true, slug: true, name: true, country: true },
  });
  const conditions = await leadConditions(workspace, lookup);
  const [leads, fieldNames] = await Promise.all([
    prisma.lead.findMany({
      where: { workspaceId, OR: conditions },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { ...leadSelect, erasedAt: true },
    }),
    loadFieldNames(workspaceId),
  ]);
  const leadIds = leads.map((lead) => lead.id);
  const [submissions, consentRecords, messages] = await Promise.all([
    prisma.submission.findMany({
      where: { workspaceId, leadId: { in: leadIds } },
      orderBy: [{ receivedAt: "asc" }, { id: "asc" }],
      select: {
        id: true,
        leadId: true,
        outcome: true,
        receivedAt: true,
        captureLinkId: true,
        payload: true,
        warnings: true,
        ip: true,
        userAgent: true,
        origin: true,
        referer: true,
      },
    }),
    prisma.consentRecord.findMany({
      where: { workspaceId, leadId: { in: leadIds } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
    prisma.webhookMessage.findMany({
      where: { workspaceId, leadId: { in: leadIds }, test: false },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: {
        id: true,
        leadId: true,
        endpointId: true,
        eventType: true,
        state: true,
        createdAt: true,
        deliveredAt: true,
        endpoint: { select: { url: true } },
        attempts: { orderBy: [{ at: "asc" }, { id: "asc" }], select: { at: true, status: true, durationMs: true, error: true } },
      },
    }),
  ]);

  await recordAudit(actor, {
    workspaceId,
    action: "lead.personal_data_downloaded",
    targetType: "lead",
    targetId: leadIds[0],
    details: { lookup: Object.keys(lookup)[0] ?? "unknown", leadIds },
  });

  return {
    generatedAt: new Date().toISOString(),
    workspace: { id: workspace.id, slug: workspace.slug, name: workspace.name },
    leads: leads.map(({ erasedAt, ...lead }) => ({ ...toLeadJson(lead, fieldNames), erasedAt: erasedAt?.toISOString() ?? null })),
    submissions: submissions.map((row) => {
      const { payload, warnings } = toSubmissionJson(row);
      return {
        id: row.id,
        leadId: row.leadId,
        outcome: row.outcome,
        receivedAt: row.receivedAt.toISOString(),
        captureLinkId: row.captureLinkId,
        payload,
        warnings,
        ip: row.ip,
        userAgent: row.userAgent,
        origin: row.origin,
        referer: row.referer,
      };
    }),
    consentRecords: consentRecords.map((record) => ({
      id: record.id,
      leadId: record.leadId,
      submissionId: record.submissionId,
      granted: record.granted,
      text: record.text,
      version: record.version,
      legalBasis: record.legalBasis,
      purposes: record.purposes,
      ip: record.ip,
      userAgent: record.userAgent,
      origin: record.origin,
      referer: record.referer,
      createdAt: record.createdAt.toISOString(),
    })),
    deliveries: messages.map((message) => ({
      messageId: webhookMessageId(message.id),
      leadId: message.leadId,
      endpointId: message.endpointId,
      url: message.endpoint.url,
      type: message.eventType,
      state: message.state,
      createdAt: message.createdAt.toISOString(),
      deliveredAt: message.deliveredAt?.toISOString() ?? null,
      attempts: message.attempts.map((attempt) => ({
        at: attempt.at.toISOString(),
        status: attempt.status,
        durationMs: attempt.durationMs,
        error: attempt.error,
      })),
    })),
  };
}

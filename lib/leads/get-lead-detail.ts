import { getDatabase } from "@/lib/db/client";
import type { LinkStatus, Prisma } from "@/lib/db/generated/client";
import type { FieldType } from "@/lib/fields/custom-field";
import { leadIdOrNotFound, leadNotFound } from "./get-lead";
import { type LeadJson, leadSelect, toLeadJson, type UtmJson } from "./lead-json";
import { type LoggedSubmission, storedIssues, submissionLogSelect } from "./submission-log";

/** How many submissions the lead page shows; a lead posted thousands of times still opens quickly. */
export const TIMELINE_LIMIT = 50;

export interface LinkRef {
  id: string;
  name: string;
  status: LinkStatus;
}

export interface LeadCustomValue {
  fieldId: string;
  /** The field's current name and label; null when the field no longer exists (its id is shown instead). */
  name: string | null;
  label: string | null;
  type: FieldType | null;
  archived: boolean;
  value: Prisma.JsonValue;
}

export interface Touch {
  utm: UtmJson;
  /** When the submission that brought these values arrived. */
  at: Date;
  /** The link it arrived through; null when that link was deleted. */
  link: LinkRef | null;
}

/** A recorded request as a link's log shows it, with its UTM values and the link it came through. */
export type TimelineSubmission = LoggedSubmission & { utm: UtmJson; link: LinkRef };

/** Everything the admin lead page shows: the lead as the CLI prints it, plus labels, touches and the timeline. */
export interface LeadDetail {
  lead: LeadJson;
  /** The lead's custom values in the order the fields were created; values of deleted fields last. */
  customValues: LeadCustomValue[];
  firstTouch: Touch;
  lastTouch: Touch;
  /** Newest first, at most TIMELINE_LIMIT. */
  submissions: TimelineSubmission[];
  submissionCount: number;
}

const linkSelect = { id: true, name: true, status: true } satisfies Prisma.CaptureLinkSelect;

const timelineSelect = {
  ...submissionLogSelect,
  utmSource: true,
  utmMedium: true,
  utmCampaign: true,
  utmContent: true,
  utmTerm: true,
  captureLink: { select: linkSelect },
} satisfies Prisma.SubmissionSelect;

type TimelineRow = Prisma.SubmissionGetPayload<{ select: typeof timelineSelect }>;

const touchSelect = { receivedAt: true, captureLink: { select: linkSelect } } satisfies Prisma.SubmissionSelect;

const ACCEPTED: Prisma.SubmissionWhereInput = { outcome: { in: ["created", "updated"] } };
const WITH_UTM: Prisma.SubmissionWhereInput = {
  OR: [
    { utmSource: { not: null } },
    { utmMedium: { not: null } },
    { utmCampaign: { not: null } },
    { utmContent: { not: null } },
    { utmTerm: { not: null } },
  ],
};

function hasUtm(utm: UtmJson): boolean {
  return Object.values(utm).some((value) => value !== null);
}

function toTimeline(row: TimelineRow): TimelineSubmission {
  const { utmSource, utmMedium, utmCampaign, utmContent, utmTerm, captureLink, errors, warnings, ...rest } = row;
  return {
    ...rest,
    errors: storedIssues(errors),
    warnings: storedIssues(warnings),
    utm: { utmSource, utmMedium, utmCampaign, utmContent, utmTerm },
    link: captureLink,
  };
}

/**
 * The workspace's lead `leadId` as the admin lead page shows it; AppError `lead_not_found` for any other id
 * (another workspace's lead included: the workspace is part of every query).
 *
 * Ingest keeps a lead's first-touch UTM from the first accepted submission that carried UTM values and its
 * last-touch UTM from the latest such submission; the touches' times and links are read from those
 * submissions (a lead that never carried UTM: its first and latest accepted submissions).
 */
export async function getLeadDetail(workspaceId: string, leadId: string): Promise<LeadDetail> {
  const id = leadIdOrNotFound(leadId);
  const { prisma } = await getDatabase();
  const [row, fields] = await Promise.all([
    prisma.lead.findFirst({ where: { id, workspaceId }, select: { ...leadSelect, captureLink: { select: linkSelect } } }),
    prisma.customField.findMany({
      where: { workspaceId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, name: true, label: true, type: true, archivedAt: true },
    }),
  ]);
  if (!row) throw leadNotFound(leadId);
  const lead = toLeadJson(row, new Map(fields.map((field) => [field.id, field.name])));

  const mine = { leadId: id, workspaceId };
  const [submissions, submissionCount, first, last] = await Promise.all([
    prisma.submission.findMany({
      where: mine,
      orderBy: [{ receivedAt: "desc" }, { id: "desc" }],
      take: TIMELINE_LIMIT,
      select: timelineSelect,
    }),
    prisma.submission.count({ where: mine }),
    prisma.submission.findFirst({
      where: { ...mine, ...ACCEPTED, ...(hasUtm(lead.firstTouch) ? WITH_UTM : {}) },
      orderBy: [{ receivedAt: "asc" }, { id: "asc" }],
      select: touchSelect,
    }),
    prisma.submission.findFirst({
      where: { ...mine, ...ACCEPTED, ...(hasUtm(lead.lastTouch) ? WITH_UTM : {}) },
      orderBy: [{ receivedAt: "desc" }, { id: "desc" }],
      select: touchSelect,
    }),
  ]);

  const stored =
    row.customFields !== null && typeof row.customFields === "object" && !Array.isArray(row.customFields) ? row.customFields : {};
  const known = new Set(fields.map((field) => field.id));
  const customValues: LeadCustomValue[] = [
    ...fields
      .filter((field) => field.id in stored)
      .map((field) => ({
        fieldId: field.id,
        name: field.name,
        label: field.label,
        type: field.type,
        archived: field.archivedAt !== null,
        value: stored[field.id] ?? null,
      })),
    ...Object.entries(stored)
      .filter(([fieldId]) => !known.has(fieldId))
      .map(([fieldId, value]) => ({ fieldId, name: null, label: null, type: null, archived: false, value: value ?? null })),
  ];

  return {
    lead,
    customValues,
    // Without a submission to read (their link was deleted, and its submissions with it), the lead's own record answers.
    firstTouch: {
      utm: lead.firstTouch,
      at: first?.receivedAt ?? row.createdAt,
      link: first ? first.captureLink : row.captureLink,
    },
    lastTouch: { utm: lead.lastTouch, at: last?.receivedAt ?? row.updatedAt, link: last ? last.captureLink : row.captureLink },
    submissions: submissions.map(toTimeline),
    submissionCount,
  };
}

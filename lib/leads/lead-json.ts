import type { LeadStatus, Prisma, SubmissionOutcome } from "@/lib/db/generated/client";
import { utcDay } from "@/lib/time/utc-day";

/** A lead as the CLI prints it and the admin UI reads it (DESIGN.md section 4). */
export interface LeadJson {
  id: string;
  email: string | null;
  name: string | null;
  /** Canonical E.164 digits with country code (the `phone` column). */
  telephone: string | null;
  document: string | null;
  profession: string | null;
  city: string | null;
  state: string | null;
  instagram: string | null;
  /** YYYY-MM-DD. */
  birthday: string | null;
  /** Only the subfields that were sent. */
  address: Record<string, Prisma.JsonValue>;
  firstTouch: UtmJson;
  lastTouch: UtmJson;
  /** Keyed by the field's current name. */
  customFields: Record<string, Prisma.JsonValue>;
  /** Workflow (DESIGN.md section 10). */
  status: LeadStatus;
  /** The member the lead is assigned to. */
  owner: LeadOwnerJson | null;
  /** In the order they were added. */
  tags: string[];
  createdAt: string;
  updatedAt: string;
}

export interface LeadOwnerJson {
  id: string;
  email: string;
  name: string | null;
}

export interface UtmJson {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmContent: string | null;
  utmTerm: string | null;
}

export interface SubmissionJson {
  id: string;
  outcome: SubmissionOutcome;
  receivedAt: string;
  captureLinkId: string;
  /** The body as sent: parsed when it is JSON, else the raw text. */
  payload: Prisma.JsonValue;
  warnings: Prisma.JsonValue[];
}

export interface LeadDetailJson extends LeadJson {
  /** Oldest first. */
  submissions: SubmissionJson[];
}

export const leadSelect = {
  id: true,
  email: true,
  phone: true,
  name: true,
  document: true,
  profession: true,
  city: true,
  state: true,
  instagram: true,
  birthday: true,
  address: true,
  customFields: true,
  firstUtmSource: true,
  firstUtmMedium: true,
  firstUtmCampaign: true,
  firstUtmContent: true,
  firstUtmTerm: true,
  lastUtmSource: true,
  lastUtmMedium: true,
  lastUtmCampaign: true,
  lastUtmContent: true,
  lastUtmTerm: true,
  status: true,
  owner: { select: { id: true, email: true, name: true } },
  tags: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.LeadSelect;

export const submissionSelect = {
  id: true,
  outcome: true,
  receivedAt: true,
  captureLinkId: true,
  payload: true,
  warnings: true,
} satisfies Prisma.SubmissionSelect;

export type LeadRow = Prisma.LeadGetPayload<{ select: typeof leadSelect }>;
export type SubmissionRow = Prisma.SubmissionGetPayload<{ select: typeof submissionSelect }>;

function asObject(value: Prisma.JsonValue): Record<string, Prisma.JsonValue> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, Prisma.JsonValue>) : {};
}

/**
 * Stored custom values are keyed by field id, so that renaming a field keeps its values; they are shown
 * under the field's current name. A value whose field no longer exists keeps its id as the key rather than disappear.
 */
function customFieldsByName(stored: Prisma.JsonValue, fieldNames: ReadonlyMap<string, string>): Record<string, Prisma.JsonValue> {
  const byName: Record<string, Prisma.JsonValue> = {};
  for (const [fieldId, value] of Object.entries(asObject(stored))) byName[fieldNames.get(fieldId) ?? fieldId] = value;
  return byName;
}

/** `fieldNames`: the workspace's custom field names by id. */
export function toLeadJson(row: LeadRow, fieldNames: ReadonlyMap<string, string>): LeadJson {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    telephone: row.phone,
    document: row.document,
    profession: row.profession,
    city: row.city,
    state: row.state,
    instagram: row.instagram,
    // A DATE column arrives as midnight UTC.
    birthday: row.birthday ? utcDay(row.birthday) : null,
    address: asObject(row.address),
    firstTouch: {
      utmSource: row.firstUtmSource,
      utmMedium: row.firstUtmMedium,
      utmCampaign: row.firstUtmCampaign,
      utmContent: row.firstUtmContent,
      utmTerm: row.firstUtmTerm,
    },
    lastTouch: {
      utmSource: row.lastUtmSource,
      utmMedium: row.lastUtmMedium,
      utmCampaign: row.lastUtmCampaign,
      utmContent: row.lastUtmContent,
      utmTerm: row.lastUtmTerm,
    },
    customFields: customFieldsByName(row.customFields, fieldNames),
    status: row.status,
    owner: row.owner,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function parsePayload(payload: string | null): Prisma.JsonValue {
  if (payload === null) return null;
  try {
    return JSON.parse(payload) as Prisma.JsonValue;
  } catch {
    // Rejected requests (invalid JSON, wrong media type) are logged as received.
    return payload;
  }
}

export function toSubmissionJson(row: SubmissionRow): SubmissionJson {
  return {
    id: row.id,
    outcome: row.outcome,
    receivedAt: row.receivedAt.toISOString(),
    captureLinkId: row.captureLinkId,
    payload: parsePayload(row.payload),
    warnings: Array.isArray(row.warnings) ? row.warnings : [],
  };
}

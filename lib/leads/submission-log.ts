import type { Prisma } from "@/lib/db/generated/client";
import type { FieldIssue } from "@/lib/errors";

/** What a recorded request shows wherever it is shown (a link's log, a lead's timeline). */
export const submissionLogSelect = {
  id: true,
  receivedAt: true,
  outcome: true,
  status: true,
  errorCode: true,
  errors: true,
  warnings: true,
  payload: true,
  ip: true,
  userAgent: true,
  origin: true,
  referer: true,
  idempotencyKey: true,
  leadId: true,
  dryRun: true,
  releasedAt: true,
  /** A lead source's reading of the body (DESIGN.md section 15): `{mapped, platform}`; null for JSON links. */
  sourceData: true,
} satisfies Prisma.SubmissionSelect;

type SubmissionRow = Prisma.SubmissionGetPayload<{ select: typeof submissionLogSelect }>;

export type LoggedSubmission = Omit<SubmissionRow, "errors" | "warnings"> & { errors: FieldIssue[]; warnings: FieldIssue[] };

/** Field errors or warnings as stored (a jsonb array). */
export function storedIssues(value: Prisma.JsonValue | null): FieldIssue[] {
  return Array.isArray(value) ? (value as unknown as FieldIssue[]) : [];
}

/** The lead a source made of the body (source_data.mapped), as pretty-printed JSON; null when there is none. */
export function mappedLeadText(sourceData: Prisma.JsonValue | null): string | null {
  if (typeof sourceData !== "object" || sourceData === null || Array.isArray(sourceData)) return null;
  const mapped = (sourceData as Record<string, Prisma.JsonValue>).mapped;
  return mapped === undefined || mapped === null ? null : JSON.stringify(mapped, null, 2);
}

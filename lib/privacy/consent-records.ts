import { Prisma } from "@/lib/db/generated/client";
import type { Consent } from "@/lib/leads/consent-input";
import type { SubmissionRecord } from "@/lib/leads/submission-record";

/**
 * The ingest statement's part that appends the consent record (DESIGN.md section 9): a CTE reading the
 * statement's `outcome` (the lead written), so the record is committed with the lead and its submission or
 * not at all. Empty when the request carried no consent object.
 */
export function consentRecordInsert(
  consent: Consent | undefined,
  ids: { workspaceId: string; submissionId: string },
  record: SubmissionRecord,
): Prisma.Sql {
  if (!consent) return Prisma.empty;
  return Prisma.sql`,
    consent AS (
      INSERT INTO consent_records (id, workspace_id, lead_id, submission_id, granted, text, version, legal_basis, purposes,
        ip, user_agent, origin, referer)
      SELECT gen_random_uuid(), ${ids.workspaceId}::uuid, o.lead_id, ${ids.submissionId}::uuid, ${consent.granted}::boolean,
        ${consent.text ?? null}::text, ${consent.version ?? null}::text, ${consent.legalBasis}::text, ${consent.purposes}::text[],
        ${record.ip}::text, ${record.userAgent}::text, ${record.origin}::text, ${record.referer}::text
      FROM outcome o WHERE o.lead_id IS NOT NULL
    )`;
}

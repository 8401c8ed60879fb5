import { Prisma, type PrismaClient, type SubmissionOutcome } from "@/lib/db/generated/client";
import type { FieldIssue } from "@/lib/errors";
import type { SubmissionRecord } from "@/lib/leads/submission-record";
import { wakeOutbox } from "@/lib/outbox/wake";
import type { UtmValues } from "./utm";

export interface Rejection {
  /** The problem's code (e.g. validation_failed), or null for spam. */
  code: string | null;
  /** The HTTP status the sender received. */
  status: number;
  outcome: Extract<SubmissionOutcome, "rejected" | "spam">;
  errors?: FieldIssue[];
  warnings?: FieldIssue[];
}

/**
 * Records a request that reached a link but created no lead, and counts it on the link: the log is how an
 * integrator finds out why their form's requests fail. One statement, like the accepted path.
 */
export async function recordRejection(
  prisma: PrismaClient,
  link: { id: string; workspaceId: string; hasListeners?: boolean },
  rejection: Rejection,
  record: SubmissionRecord,
  utm: UtmValues,
  statsShard: number,
): Promise<string> {
  const id = crypto.randomUUID();
  // The submission.rejected event (not for spam, which must look accepted), in the same statement as the log
  // entry; skipped when no channel listens to the workspace, like the accepted path (capture-context.ts).
  const event =
    link.hasListeners && rejection.outcome === "rejected"
      ? Prisma.sql`
    event AS (
      INSERT INTO events (id, workspace_id, type, submission_id, capture_link_id)
      VALUES (gen_random_uuid(), ${link.workspaceId}::uuid, 'submission.rejected', ${id}::uuid, ${link.id}::uuid)
    ),`
      : Prisma.empty;
  const name = Prisma.raw(event === Prisma.empty ? "/* leadlink:record-rejection */" : "/* leadlink:record-rejection-event */");
  await prisma.$executeRaw(Prisma.sql`
    ${name}
    WITH${event} submission AS (
      INSERT INTO submissions (id, workspace_id, capture_link_id, outcome, status, error_code, errors, warnings, payload,
        ip, user_agent, origin, referer, idempotency_key, utm_source, utm_medium, utm_campaign, utm_content, utm_term, dry_run,
        source_data)
      VALUES (${id}::uuid, ${link.workspaceId}::uuid, ${link.id}::uuid, ${rejection.outcome}::submission_outcome,
        ${rejection.status}::smallint, ${rejection.code}::text, ${rejection.errors ? JSON.stringify(rejection.errors) : null}::jsonb,
        ${JSON.stringify(rejection.warnings ?? [])}::jsonb, ${record.payload}::text, ${record.ip}::text, ${record.userAgent}::text,
        ${record.origin}::text, ${record.referer}::text, ${record.idempotencyKey}::text, ${utm.utmSource ?? null}::text,
        ${utm.utmMedium ?? null}::text, ${utm.utmCampaign ?? null}::text, ${utm.utmContent ?? null}::text, ${utm.utmTerm ?? null}::text,
        ${record.dryRun ?? false}::boolean, ${record.sourceData ?? null}::jsonb)
    )
    INSERT INTO capture_link_stats AS s (capture_link_id, shard, rejected, last_received_at)
    VALUES (${link.id}::uuid, ${statsShard}::smallint, 1, now())
    ON CONFLICT (capture_link_id, shard)
    DO UPDATE SET rejected = s.rejected + 1, last_received_at = GREATEST(s.last_received_at, excluded.last_received_at)`);
  if (event !== Prisma.empty) wakeOutbox();
  return id;
}

import { createHash } from "node:crypto";
import { Prisma, type PrismaClient } from "@/lib/db/generated/client";
import { AppError, type FieldIssue } from "@/lib/errors";
import { readWarnings } from "./upsert-lead";

export const MAX_IDEMPOTENCY_KEY = 255;

export function requestHash(body: string): string {
  return createHash("sha256").update(body).digest("hex");
}

export interface ReplayedOutcome {
  leadId: string;
  created: boolean;
  warnings: FieldIssue[];
}

/**
 * The stored outcome of the accepted request that used this key on this link in the last 24 hours,
 * or undefined. The same key with another body is an error: the key names one request.
 * Expired keys are deleted on the way, so the key can be used again.
 */
export async function findIdempotentOutcome(
  prisma: PrismaClient,
  captureLinkId: string,
  key: string,
  hash: string,
): Promise<ReplayedOutcome | undefined> {
  const rows = await prisma.$queryRaw<
    { request_hash: string; lead_id: string | null; outcome: string; warnings: FieldIssue[] | string }[]
  >(Prisma.sql`
    /* leadlink:find-idempotent-outcome */
    WITH expired AS (
      DELETE FROM idempotency_keys
      WHERE capture_link_id = ${captureLinkId}::uuid AND key = ${key}::text AND created_at < now() - interval '24 hours'
    )
    SELECT k.request_hash, s.lead_id, s.outcome::text AS outcome, s.warnings
    FROM idempotency_keys k JOIN submissions s ON s.id = k.submission_id
      -- The key and its submission are written by one statement (one now()): bounding received_at lets
      -- PostgreSQL read only the last month's partitions of submissions, not every month's (issue 30).
      AND s.received_at >= now() - interval '25 hours'
    WHERE k.capture_link_id = ${captureLinkId}::uuid AND k.key = ${key}::text AND k.created_at >= now() - interval '24 hours'`);
  const row = rows[0];
  if (!row) return undefined;
  if (row.request_hash !== hash) {
    throw new AppError(
      "idempotency_key_reused",
      "This Idempotency-Key was already used on this capture link with a different body in the last 24 hours. Use a new key for a new request.",
    );
  }
  if (!row.lead_id) return undefined; // the lead was deleted since: treat the key as unused
  return { leadId: row.lead_id, created: row.outcome === "created", warnings: readWarnings(row.warnings) };
}

import { CAPTCHA_TOKEN_KEYS } from "@/lib/capture/html-forms/read-submission-body";
import { getDatabase } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { parseJsonObject } from "@/lib/http/read-body";
import { findCaptureLink } from "@/lib/ingest/capture-context";
import { type IngestOutcome, ingestSubmission } from "@/lib/ingest/ingest-submission";
import { SPAM_WHERE } from "@/lib/links/list-link-submissions";
import { uuidOrUndefined } from "@/lib/validation/uuid";

function notFound(id: string): AppError {
  return new AppError("submission_not_found", `No spam entry "${id.trim().slice(0, 100)}" in this link's request log.`);
}

/**
 * "Not spam": the lead a spam entry would have been, created (or matched and updated) from its stored payload
 * through the same ingest path as any request, so validation, dedupe, custom fields and webhooks behave as
 * they would have. The entry is then marked released and points at the lead. The claim comes first (one
 * updateMany, scoped to the workspace), so two clicks make one lead; a refusal (an invalid payload, a revoked
 * link) undoes it, and the admin sees why.
 */
export async function releaseSpam(workspaceId: string, linkIdValue: string, submissionIdValue: string): Promise<IngestOutcome> {
  const captureLinkId = uuidOrUndefined(linkIdValue);
  const id = uuidOrUndefined(submissionIdValue);
  if (!captureLinkId || !id) throw notFound(submissionIdValue);
  const database = await getDatabase();
  const { prisma } = database;
  const where = { id, workspaceId, captureLinkId, ...SPAM_WHERE } satisfies Prisma.SubmissionWhereInput;
  const entry = await prisma.submission.findFirst({
    where,
    select: {
      payload: true,
      ip: true,
      userAgent: true,
      origin: true,
      referer: true,
      releasedAt: true,
      captureLink: { select: { token: true } },
    },
  });
  if (!entry) throw notFound(submissionIdValue);
  const claimed = await prisma.submission.updateMany({ where: { ...where, releasedAt: null }, data: { releasedAt: new Date() } });
  if (claimed.count === 0) {
    throw new AppError("already_released", "This entry was already marked as not spam; its lead was created then.");
  }
  try {
    const link = await findCaptureLink(entry.captureLink.token);
    if (!link) throw notFound(submissionIdValue);
    const body = parseJsonObject(entry.payload ?? "");
    for (const key of CAPTCHA_TOKEN_KEYS) delete body[key];
    // The admin vouches for this one: the honeypot's value is dropped rather than judged again.
    if (link.honeypotField) delete body[link.honeypotField];
    const outcome = await ingestSubmission(database, link, body, {
      payload: entry.payload,
      ip: entry.ip,
      userAgent: entry.userAgent,
      origin: entry.origin,
      referer: entry.referer,
      idempotencyKey: null,
      requestHash: null,
    });
    await prisma.submission.updateMany({ where: { id, workspaceId }, data: { leadId: outcome.leadId } });
    return outcome;
  } catch (error) {
    await prisma.submission.updateMany({ where: { id, workspaceId }, data: { releasedAt: null } }).catch(() => {});
    throw error;
  }
}

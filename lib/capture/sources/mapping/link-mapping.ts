import { type AuditActor, recordAudit } from "@/lib/audit/record";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { getDatabase } from "@/lib/db/client";
import { AppError, type FieldIssue } from "@/lib/errors";
import { linkId, linkNotFound } from "@/lib/links/get-link";
import { type MappingSettings, mappingSettings } from "./mapping-settings";
import { splitMappedResult } from "./mapping-source";
import { loggedInput } from "./read-mapping-input";
import { compileMapping, evaluateMapping } from "./run-mapping";

/** A mapping link's settings as its admin page shows them (the signing secret only as set or not). */
export interface LinkMappingView {
  preset: MappingSettings["preset"];
  expression: string;
  signingSecretSet: boolean;
}

/** The link's mapping, or undefined when the link is not a mapping link of this workspace. */
export async function getLinkMapping(workspaceId: string, id: string): Promise<LinkMappingView | undefined> {
  const where = { id: linkId(id) ?? "", workspaceId, source: "mapping" };
  if (!where.id) return undefined;
  const { prisma } = await getDatabase();
  const link = await prisma.captureLink.findFirst({ where, select: { sourceSettings: true } });
  if (!link) return undefined;
  const { preset, expression, signingSecret } = mappingSettings(link.sourceSettings);
  return { preset, expression, signingSecretSet: signingSecret !== null };
}

/**
 * Saves a mapping link's expression after compiling it (a failure is mapping_failed naming the position). The
 * preset it came from stays recorded; the other settings are kept. Audited with the actor; the ingest cache
 * forgets the link, and the compiled expression is replaced on the next request (its text changed).
 */
export async function saveLinkMapping(workspaceId: string, id: string, expression: string, actor?: AuditActor): Promise<void> {
  compileMapping(expression);
  const where = { id: linkId(id) ?? "", workspaceId, source: "mapping" };
  if (!where.id) throw linkNotFound(id);
  const { prisma } = await getDatabase();
  await prisma.$transaction(async (tx) => {
    const stored = await tx.captureLink.findFirst({ where, select: { id: true, name: true, sourceSettings: true } });
    if (!stored) throw linkNotFound(id);
    const current = (typeof stored.sourceSettings === "object" && stored.sourceSettings) || {};
    // The workspace is in the write itself: another workspace's id changes nothing.
    const { count } = await tx.captureLink.updateMany({
      where,
      data: { sourceSettings: { ...(current as Record<string, unknown>), expression } },
    });
    if (count === 0) throw linkNotFound(id);
    if (actor) {
      const event = { workspaceId, action: "link.updated", targetType: "capture_link", targetId: stored.id } as const;
      await recordAudit(actor, { ...event, details: { name: stored.name, changes: [{ field: "mappingExpression" }] } }, tx);
    }
  });
  invalidateCaptureLinks(workspaceId);
}

export type MappingTrial =
  | { status: "no_request" }
  | { status: "unreadable"; receivedAt: Date }
  | { status: "mapped"; receivedAt: Date; lead: Record<string, unknown>; platform?: Record<string, unknown> }
  | { status: "failed"; receivedAt: Date; message: string; errors: FieldIssue[] };

/**
 * "Try on the last request received": runs `expression` (the one being edited, saved or not) on the payload of
 * the link's last logged request, whatever became of it. The link and its log are read within the workspace.
 */
export async function tryLinkMapping(workspaceId: string, id: string, expression: string): Promise<MappingTrial> {
  const where = { id: linkId(id) ?? "", workspaceId, source: "mapping" };
  if (!where.id) throw linkNotFound(id);
  const { prisma } = await getDatabase();
  const link = await prisma.captureLink.findFirst({ where, select: { id: true } });
  if (!link) throw linkNotFound(id);
  const compiled = compileMapping(expression);
  const last = await prisma.submission.findFirst({
    where: { captureLinkId: link.id, workspaceId, payload: { not: null } },
    orderBy: { receivedAt: "desc" },
    select: { payload: true, receivedAt: true },
  });
  if (!last) return { status: "no_request" };
  const input = loggedInput(last.payload);
  if (!input) return { status: "unreadable", receivedAt: last.receivedAt };
  try {
    const { body, platform } = splitMappedResult(await evaluateMapping(compiled, input));
    return { status: "mapped", receivedAt: last.receivedAt, lead: body, platform };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: "failed", receivedAt: last.receivedAt, message: error.message, errors: error.errors ?? [] };
  }
}

import { getDatabase } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { endpointIdOrNotFound, endpointNotFound } from "./webhook-endpoint";
import { webhookMessageId } from "./webhook-message";

export const MESSAGE_STATES = ["pending", "delivered", "failed"] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];
export const MESSAGES_PER_PAGE = 20;

export interface LoggedAttempt {
  id: string;
  at: string;
  durationMs: number;
  status: number | null;
  succeeded: boolean;
  /** The first 2 KiB of the answer's body. */
  response: string | null;
  error: string | null;
}

export interface LoggedMessage {
  /** The `webhook-id`, the same on every attempt. */
  messageId: string;
  type: string;
  state: MessageState;
  test: boolean;
  createdAt: string;
  /** When the next attempt is due (pending messages). */
  nextAttemptAt: string | null;
  /** The lead the message is about, if any (a test event has none). */
  lead: MessageLead | null;
  /** A submission.rejected message's request, found in its link's request log. */
  rejected: { submissionId: string; captureLinkId: string } | null;
  attempts: LoggedAttempt[];
}

/**
 * Enough to name and link a lead in the log: its name, else its email, else its id. An erased lead has
 * neither (its row keeps none); the log says it was erased.
 */
export interface MessageLead {
  id: string;
  name: string | null;
  email: string | null;
  erased: boolean;
}

export interface MessagePage {
  messages: LoggedMessage[];
  /** The cursor of the next (older) page, if there is one. */
  older: string | null;
}

const messageSelect = {
  id: true,
  eventType: true,
  leadId: true,
  submissionId: true,
  state: true,
  test: true,
  createdAt: true,
  nextAttemptAt: true,
  attempts: {
    orderBy: [{ at: "asc" }, { id: "asc" }],
    select: { id: true, at: true, durationMs: true, status: true, succeeded: true, response: true, error: true },
  },
} satisfies Prisma.WebhookMessageSelect;

/** A page boundary: the last message shown, as `<created_at ISO>_<uuid>` in base64url. */
function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}_${id}`).toString("base64url");
}

function decodeCursor(cursor: string | undefined): { createdAt: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("_");
  const createdAt = new Date(at ?? "");
  // A cursor that was edited by hand starts from the newest again rather than failing the page.
  if (Number.isNaN(createdAt.getTime()) || !id || !/^[0-9a-f-]{36}$/.test(id)) return undefined;
  return { createdAt, id };
}

/**
 * The delivery log of one endpoint: its messages newest first, each with every attempt (oldest first), a
 * page at a time (keyset on created_at, id, over index webhook_messages(endpoint_id, created_at)).
 */
export async function listMessages(
  workspaceId: string,
  endpointId: string,
  options: { state?: MessageState; before?: string; limit?: number } = {},
): Promise<MessagePage> {
  const id = endpointIdOrNotFound(endpointId);
  const limit = options.limit ?? MESSAGES_PER_PAGE;
  const { prisma } = await getDatabase();
  const endpoint = await prisma.webhookEndpoint.findFirst({ where: { id, workspaceId }, select: { id: true } });
  if (!endpoint) throw endpointNotFound(endpointId);
  const cursor = decodeCursor(options.before);
  const rows = await prisma.webhookMessage.findMany({
    where: {
      endpointId: id,
      workspaceId,
      ...(options.state && { state: options.state }),
      ...(cursor && {
        OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }],
      }),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: messageSelect,
  });
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  const { leads, rejected } = await loadSubjects(workspaceId, shown);
  return {
    messages: shown.map((row) => ({
      messageId: webhookMessageId(row.id),
      type: row.eventType,
      state: row.state as MessageState,
      test: row.test,
      createdAt: row.createdAt.toISOString(),
      nextAttemptAt: row.state === "pending" ? row.nextAttemptAt.toISOString() : null,
      lead: (row.leadId && leads.get(row.leadId)) || null,
      rejected: (row.eventType === "submission.rejected" && row.submissionId && rejected.get(row.submissionId)) || null,
      attempts: row.attempts.map((attempt) => ({ ...attempt, at: attempt.at.toISOString() })),
    })),
    older: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

/** The leads and rejected requests a page of messages is about: one query each, scoped to the workspace. */
async function loadSubjects(
  workspaceId: string,
  rows: readonly { eventType: string; leadId: string | null; submissionId: string | null }[],
): Promise<{ leads: Map<string, MessageLead>; rejected: Map<string, { submissionId: string; captureLinkId: string }> }> {
  const leadIds = [...new Set(rows.flatMap((row) => (row.leadId ? [row.leadId] : [])))];
  const submissionIds = [
    ...new Set(rows.flatMap((row) => (row.eventType === "submission.rejected" && row.submissionId ? [row.submissionId] : []))),
  ];
  const { prisma } = await getDatabase();
  const [leads, submissions] = await Promise.all([
    leadIds.length === 0
      ? []
      : prisma.lead.findMany({
          where: { workspaceId, id: { in: leadIds } },
          select: { id: true, name: true, email: true, erasedAt: true },
        }),
    submissionIds.length === 0
      ? []
      : prisma.submission.findMany({
          where: { workspaceId, id: { in: submissionIds } },
          select: { id: true, captureLinkId: true },
        }),
  ]);
  return {
    leads: new Map(
      leads.map((lead) => {
        const erased = lead.erasedAt !== null;
        return [lead.id, { id: lead.id, name: erased ? null : lead.name, email: erased ? null : lead.email, erased }];
      }),
    ),
    rejected: new Map(
      submissions.map((submission) => [submission.id, { submissionId: submission.id, captureLinkId: submission.captureLinkId }]),
    ),
  };
}

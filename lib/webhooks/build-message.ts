import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { publicBaseUrl } from "@/lib/http/public-base-url";
import { type LeadJson, leadSelect, toLeadJson } from "@/lib/leads/lead-json";

/** What the dispatcher knows of a message when it builds its body. */
export interface MessageFacts {
  workspaceId: string;
  eventType: string;
  leadId: string | null;
  submissionId: string | null;
  createdAt: Date;
}

interface SubmissionFacts {
  id: string;
  captureLinkId: string;
  receivedAt: string;
  outcome: string;
  warnings: Prisma.JsonValue[];
  code?: string | null;
  errors?: Prisma.JsonValue;
}

/** Everything the JSON body and the Slack text are made of. */
export interface MessageContent {
  type: string;
  timestamp: string;
  lead?: LeadJson;
  leadId?: string;
  submission?: SubmissionFacts;
  linkName?: string;
  workspaceSlug: string;
}

const SUBMISSION_SELECT = {
  id: true,
  workspaceId: true,
  captureLinkId: true,
  receivedAt: true,
  outcome: true,
  warnings: true,
  errorCode: true,
  errors: true,
  captureLink: { select: { name: true } },
} satisfies Prisma.SubmissionSelect;

/**
 * Reads what a message is about, at its first attempt (the body is then kept, so that every retry sends the
 * same bytes). The lead is as it is at that moment, usually within a second of the event.
 */
export async function loadMessageContent(prisma: PrismaClient, message: MessageFacts): Promise<MessageContent> {
  const [content] = await loadMessageContents(prisma, [message]);
  if (content instanceof Error) throw content;
  return content!;
}

/**
 * The contents of a batch of messages (what the dispatcher claimed together): their workspaces, leads and
 * submissions are read with one query each for the whole batch, not per message, since the dispatcher
 * runs on the same thread as ingest and each query costs it CPU. Each entry is the message's content, or
 * the error its attempt reports (an AppError when the lead is gone; another Error when the workspace is).
 */
export async function loadMessageContents(
  prisma: PrismaClient,
  messages: readonly MessageFacts[],
): Promise<(MessageContent | Error)[]> {
  const unique = (ids: (string | null)[]) => [...new Set(ids.filter((id): id is string => id !== null))];
  const leadIds = unique(messages.map((message) => (message.eventType === "lead.erased" ? null : message.leadId)));
  const submissionIds = unique(messages.map((message) => message.submissionId));
  const [workspaces, leads, submissions] = await Promise.all([
    prisma.workspace.findMany({
      where: { id: { in: unique(messages.map((message) => message.workspaceId)) } },
      select: { id: true, slug: true, customFields: { select: { id: true, name: true } } },
    }),
    leadIds.length > 0
      ? prisma.lead.findMany({
          // An erased lead's row is anonymous: a queued or replayed event about it has nothing to send.
          where: { id: { in: leadIds }, erasedAt: null },
          select: { ...leadSelect, workspaceId: true },
        })
      : [],
    submissionIds.length > 0
      ? prisma.submission.findMany({ where: { id: { in: submissionIds } }, select: SUBMISSION_SELECT })
      : [],
  ]);
  const workspaceById = new Map(workspaces.map((workspace) => [workspace.id, workspace]));
  const leadById = new Map(leads.map((lead) => [lead.id, lead]));
  const submissionById = new Map(submissions.map((submission) => [submission.id, submission]));
  return messages.map((message) => {
    const workspace = workspaceById.get(message.workspaceId);
    if (!workspace) return new Error(`workspace ${message.workspaceId} no longer exists`);
    // Tenancy inside the lookup, as before: a row of another workspace is treated as missing.
    const lead = message.leadId ? leadById.get(message.leadId) : undefined;
    const submission = message.submissionId ? submissionById.get(message.submissionId) : undefined;
    const content: MessageContent = {
      type: message.eventType,
      timestamp: message.createdAt.toISOString(),
      workspaceSlug: workspace.slug,
    };
    if (message.eventType === "lead.erased") return { ...content, leadId: message.leadId ?? undefined };
    if (message.leadId) {
      if (!lead || lead.workspaceId !== message.workspaceId)
        return new AppError("lead_not_found", "the lead no longer exists (erased or deleted)");
      content.lead = toLeadJson(lead, new Map(workspace.customFields.map((field) => [field.id, field.name])));
    }
    if (submission && submission.workspaceId === message.workspaceId) {
      content.linkName = submission.captureLink.name;
      content.submission = {
        id: submission.id,
        captureLinkId: submission.captureLinkId,
        receivedAt: submission.receivedAt.toISOString(),
        outcome: submission.outcome,
        warnings: Array.isArray(submission.warnings) ? submission.warnings : [],
        ...(message.eventType === "submission.rejected" && { code: submission.errorCode, errors: submission.errors ?? [] }),
      };
    }
    return content;
  });
}

/** The JSON body of DESIGN.md section 7: `{"type", "timestamp", "data": {...}}`. */
export function webhookBody(content: MessageContent, test = false): string {
  const data: Record<string, unknown> =
    content.type === "lead.erased"
      ? { leadId: content.leadId }
      : content.type === "submission.rejected"
        ? { submission: content.submission }
        : { lead: content.lead, submission: content.submission };
  return JSON.stringify({ type: content.type, timestamp: content.timestamp, data, ...(test && { test: true }) });
}

/** The admin page of a lead, for people reading a Slack message or an email. */
export function leadPageUrl(workspaceSlug: string, leadId: string): string {
  return `${publicBaseUrl()}/w/${workspaceSlug}/leads/${leadId}`;
}

// Slack's mrkdwn treats these three as markup; everything else is text.
function escapeSlack(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/** A Slack incoming-webhook body: one readable message (name, email, phone, link, UTM, the lead's page). */
export function slackBody(content: MessageContent): string {
  const lines: string[] = [];
  if (content.type === "lead.erased") {
    lines.push(`*Lead erased* (${content.leadId})`);
  } else if (content.type === "submission.rejected") {
    const submission = content.submission;
    lines.push(
      `*Submission rejected* on ${escapeSlack(content.linkName ?? "a capture link")}: ${escapeSlack(String(submission?.code ?? "unknown"))}`,
    );
  } else if (content.lead) {
    const lead = content.lead;
    lines.push(
      `*${content.type === "lead.created" ? "New lead" : "Lead updated"}: ${escapeSlack(lead.name ?? lead.email ?? lead.telephone ?? "unnamed")}*`,
    );
    if (lead.email) lines.push(`Email: ${escapeSlack(lead.email)}`);
    if (lead.telephone) lines.push(`Phone: +${escapeSlack(lead.telephone)}`);
    if (content.linkName) lines.push(`Link: ${escapeSlack(content.linkName)}`);
    const utm = Object.entries(lead.lastTouch)
      .filter(([, value]) => value)
      .map(([key, value]) => `${key.replace(/^utm/, "utm_").toLowerCase()}=${escapeSlack(String(value))}`);
    if (utm.length > 0) lines.push(`UTM: ${utm.join(", ")}`);
    lines.push(`<${leadPageUrl(content.workspaceSlug, lead.id)}|Open the lead in Leadlink>`);
  }
  return JSON.stringify({ text: lines.join("\n") });
}

import { createTranslator } from "use-intl/core";
import { type SqlExecutor, statement } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { publicBaseUrl } from "@/lib/http/public-base-url";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { messagesFor } from "@/lib/i18n/messages";
import { type LeadJson, type LeadRow, toLeadJson } from "@/lib/leads/lead-json";
import { readLeadSnapshot } from "@/lib/leads/lead-snapshot";
import { formatPhone } from "@/lib/phone/format-phone";
import { changeLines, peopleIn } from "./change-lines";

/** What the dispatcher knows of a message when it builds its body. */
export interface MessageFacts {
  workspaceId: string;
  eventType: string;
  leadId: string | null;
  submissionId: string | null;
  /** The lead as the event left it (lib/leads/lead-snapshot.ts); absent on older rows and lead-less events. */
  leadSnapshot?: unknown;
  /** A lead.updated made by a person (admin or API): what changed, `[{field, from, to}]` (DESIGN.md section 14). */
  changes?: unknown;
  createdAt: Date;
}

/** One change of a lead.updated made by a person; a note is `{field: "note", from: null, to: "added"}`, never its text. */
export interface LeadChange {
  field: string;
  from: unknown;
  to: unknown;
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
  changes?: LeadChange[];
  /** The names (or emails) of the users `changes` refers to by id. */
  people?: Record<string, string>;
  linkName?: string;
  workspaceSlug: string;
}

interface WorkspaceRow {
  id: string;
  slug: string;
  fields: { id: string; name: string }[];
}

type LeadContentRow = LeadRow & { workspaceId: string };

interface SubmissionRow {
  id: string;
  workspaceId: string;
  captureLinkId: string;
  receivedAt: Date;
  outcome: string;
  warnings: Prisma.JsonValue;
  errorCode: string | null;
  errors: Prisma.JsonValue | null;
  linkName: string;
}

// The three reads of a batch, on the driver rather than through Prisma: the dispatcher makes them a few
// times a second, and Prisma's per-query work (its query compiler and result mapping) was the largest
// single share of the dispatcher's CPU after the HTTP attempts (docs/benchmarks-log.md, branch hooks2). The
// columns and their names are leadSelect's (lib/leads/lead-json.ts), so toLeadJson reads these rows as it
// reads Prisma's; a DATE arrives as midnight UTC, as Prisma gives it.
const WORKSPACES = `/* leadlink:webhook-contents-workspaces */
  SELECT w.id, w.slug,
    COALESCE((SELECT json_agg(json_build_object('id', f.id, 'name', f.name)) FROM custom_fields f WHERE f.workspace_id = w.id), '[]') AS fields
  FROM workspaces w WHERE w.id = ANY ($1::uuid[])`;

const LEADS = `/* leadlink:webhook-contents-leads */
  SELECT l.id, l.workspace_id AS "workspaceId", l.email, l.phone, l.name, l.document, l.profession, l.city, l.state,
    l.instagram, l.birthday::timestamp AT TIME ZONE 'UTC' AS birthday, l.address, l.custom_fields AS "customFields",
    l.first_utm_source AS "firstUtmSource", l.first_utm_medium AS "firstUtmMedium", l.first_utm_campaign AS "firstUtmCampaign",
    l.first_utm_content AS "firstUtmContent", l.first_utm_term AS "firstUtmTerm",
    l.last_utm_source AS "lastUtmSource", l.last_utm_medium AS "lastUtmMedium", l.last_utm_campaign AS "lastUtmCampaign",
    l.last_utm_content AS "lastUtmContent", l.last_utm_term AS "lastUtmTerm",
    l.status::text AS status, l.tags, l.created_at AS "createdAt", l.updated_at AS "updatedAt",
    CASE WHEN o.id IS NULL THEN NULL ELSE json_build_object('id', o.id, 'email', o.email, 'name', o.name) END AS owner
  FROM leads l LEFT JOIN users o ON o.id = l.owner_id
  -- An erased lead's row is anonymous: a queued or replayed event about it has nothing to send.
  WHERE l.id = ANY ($1::uuid[]) AND l.erased_at IS NULL`;

const SUBMISSIONS = `/* leadlink:webhook-contents-submissions */
  SELECT s.id, s.workspace_id AS "workspaceId", s.capture_link_id AS "captureLinkId", s.received_at AS "receivedAt",
    s.outcome::text AS outcome, s.warnings, s.error_code AS "errorCode", s.errors, c.name AS "linkName"
  FROM submissions s JOIN capture_links c ON c.id = s.capture_link_id
  WHERE s.id = ANY ($1::uuid[])`;

const PEOPLE = `/* leadlink:webhook-contents-people */
  SELECT id, COALESCE(name, email) AS name FROM users WHERE id = ANY ($1::uuid[])`;

/**
 * Reads what a message is about, at its first attempt (the body is then kept, so that every retry sends the
 * same bytes). The lead is as the event left it (its snapshot); a message written before snapshots existed
 * shows the lead as it is at that moment.
 */
export async function loadMessageContent(database: SqlExecutor, message: MessageFacts): Promise<MessageContent> {
  const [content] = await loadMessageContents(database, [message]);
  if (content instanceof Error) throw content;
  return content!;
}

/**
 * The contents of a batch of messages (what the dispatcher claimed together): their workspaces, leads and
 * submissions are read with one query each for the whole batch, not per message. Each entry is the
 * message's content, or the error its attempt reports (an AppError when the lead is gone; another Error
 * when the workspace is).
 */
export async function loadMessageContents(
  database: SqlExecutor,
  messages: readonly MessageFacts[],
): Promise<(MessageContent | Error)[]> {
  const unique = (ids: (string | null)[]) => [...new Set(ids.filter((id): id is string => id !== null))];
  const snapshotOf = (message: MessageFacts) =>
    message.leadSnapshot === null || message.leadSnapshot === undefined
      ? undefined
      : readLeadSnapshot(message.leadSnapshot as Prisma.JsonValue);
  const leadIds = unique(
    messages.map((message) => (message.eventType === "lead.erased" || message.leadSnapshot != null ? null : message.leadId)),
  );
  const submissionIds = unique(messages.map((message) => message.submissionId));
  const changesOf = (message: MessageFacts): LeadChange[] | undefined => {
    const changes = typeof message.changes === "string" ? JSON.parse(message.changes) : message.changes;
    return Array.isArray(changes) ? (changes as LeadChange[]) : undefined;
  };
  const personIds = unique(messages.flatMap((message) => peopleIn(changesOf(message))));
  const [workspaces, leads, submissions, people] = await Promise.all([
    database.sql<WorkspaceRow>(statement(WORKSPACES, [unique(messages.map((message) => message.workspaceId))])),
    leadIds.length > 0 ? database.sql<LeadContentRow>(statement(LEADS, [leadIds])) : [],
    submissionIds.length > 0 ? database.sql<SubmissionRow>(statement(SUBMISSIONS, [submissionIds])) : [],
    personIds.length > 0 ? database.sql<{ id: string; name: string }>(statement(PEOPLE, [personIds])) : [],
  ]);
  const nameById = Object.fromEntries(people.map((person) => [person.id, person.name]));
  const workspaceById = new Map(workspaces.map((workspace) => [workspace.id, workspace]));
  const leadById = new Map(leads.map((lead) => [lead.id, lead]));
  const submissionById = new Map(submissions.map((submission) => [submission.id, submission]));
  return messages.map((message) => {
    const workspace = workspaceById.get(message.workspaceId);
    if (!workspace) return new Error(`workspace ${message.workspaceId} no longer exists`);
    // Tenancy inside the lookup, as before: a row of another workspace is treated as missing.
    const lead = message.leadId ? (snapshotOf(message) ?? leadById.get(message.leadId)) : undefined;
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
      content.lead = toLeadJson(lead, new Map(workspace.fields.map((field) => [field.id, field.name])));
    }
    const changes = changesOf(message);
    if (changes) {
      content.changes = changes;
      const named = peopleIn(changes);
      if (named.length > 0)
        content.people = Object.fromEntries(named.map((id) => [id, nameById[id] ?? ""]).filter(([, name]) => name));
    }
    if (submission && submission.workspaceId === message.workspaceId) {
      content.linkName = submission.linkName;
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
        : content.changes
          ? { lead: content.lead, changes: content.changes }
          : { lead: content.lead, submission: content.submission };
  return JSON.stringify({ type: content.type, timestamp: content.timestamp, data, ...(test && { test: true }) });
}

/** The catalogue key (namespace `channels`) of a lead event's first line in Slack and Telegram. */
export function eventTitle(type: string): "newLead" | "leadAssigned" | "leadOverdue" | "leadUpdated" {
  if (type === "lead.created") return "newLead";
  if (type === "lead.assigned") return "leadAssigned";
  if (type === "lead.response_overdue") return "leadOverdue";
  return "leadUpdated";
}

/** The admin page of a lead, for people reading a Slack message or an email. */
export function leadPageUrl(workspaceSlug: string, leadId: string): string {
  return `${publicBaseUrl()}/w/${workspaceSlug}/leads/${leadId}`;
}

// Slack's mrkdwn treats these three as markup; everything else is text.
function escapeSlack(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/**
 * A Slack incoming-webhook body: one readable message (name, email, phone, link, UTM, the lead's page), in the
 * workspace's language (DESIGN.md section 13) with the words Telegram's messages use (namespace `channels`);
 * phones as on screen. English when no language is given (the test event of an older caller).
 */
export function slackBody(content: MessageContent, language: Locale = DEFAULT_LOCALE, test = false): string {
  const t = createTranslator({ locale: language, messages: messagesFor(language), namespace: "channels" });
  const lines: string[] = [];
  if (content.type === "lead.erased") {
    lines.push(`*${escapeSlack(t("leadErased", { id: content.leadId ?? "" }))}*`);
  } else if (content.type === "submission.rejected") {
    const submission = content.submission;
    lines.push(
      `*${escapeSlack(t("submissionRejected", { link: content.linkName ?? t("aLink"), code: String(submission?.code ?? "") }))}*`,
    );
  } else if (content.lead) {
    const lead = content.lead;
    const name = lead.name ?? lead.email ?? (lead.telephone ? formatPhone(lead.telephone) : t("unnamed"));
    const title = test ? "testEvent" : eventTitle(content.type);
    lines.push(`*${escapeSlack(t(title, { name }))}*`);
    if (lead.email) lines.push(escapeSlack(t("email", { value: lead.email })));
    if (lead.telephone) lines.push(escapeSlack(t("phone", { value: formatPhone(lead.telephone) })));
    if (content.linkName) lines.push(escapeSlack(t("link", { value: content.linkName })));
    for (const line of changeLines(content.changes ?? [], language, content.people ?? {})) lines.push(escapeSlack(line));
    const utm = Object.entries(lead.lastTouch)
      .filter(([, value]) => value)
      .map(([key, value]) => `${key.replace(/^utm/, "utm_").toLowerCase()}=${String(value)}`);
    if (utm.length > 0) lines.push(escapeSlack(t("utm", { value: utm.join(", ") })));
    lines.push(`<${leadPageUrl(content.workspaceSlug, lead.id)}|${escapeSlack(t("openLead"))}>`);
  }
  return JSON.stringify({ text: lines.join("\n") });
}

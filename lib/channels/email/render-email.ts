import { hashLinkToken, openToken } from "@/lib/auth/seal-token";
import type { Database } from "@/lib/db/client";
import type { PrismaClient } from "@/lib/db/generated/client";
import { publicBaseUrl } from "@/lib/http/public-base-url";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/lib/i18n/locales";
import { zoneName } from "@/lib/i18n/zone-name";
import { leadSelect, toLeadJson } from "@/lib/leads/lead-json";
import { type EmailBlock, layoutEmail } from "@/lib/mail/layout-email";
import type { MailContent } from "@/lib/mail/send-mail";
import { formatInstant } from "@/lib/time/format-time";
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from "@/lib/time/time-zone";
import { dayWindowIn } from "@/lib/time/zoned-day";
import { leadPageUrl, loadMessageContent } from "@/lib/webhooks/build-message";
import type { ClaimedEmail } from "./email-outbox";
import { type LeadEmailKind, leadEmailWords } from "./lead-email-words";
import { type FieldFacts, leadLines, leadTitle, type Reader } from "./lead-lines";
import { formattingLocaleOf, mailTranslator } from "./mail-words";

/** What to send, or why nothing is sent any more (the recipient left, the lead was erased). */
export type RenderedEmail = { to: string; content: MailContent } | { dropped: string };

/** How many leads a digest lists; the rest are counted. */
const DIGEST_LIST_LIMIT = 100;

/** A preview digest ("Send me a preview now": a digest row without a day) covers the 24 hours before it was asked for. */
const PREVIEW_WINDOW_MS = 86_400_000;

interface WorkspaceFacts {
  name: string;
  slug: string;
  language: string;
  timeZone: string;
}
const workspaceFacts = { name: true, slug: true, language: true, timeZone: true } as const;

function languageOf(...choices: (string | null | undefined)[]): Locale {
  return choices.find(isLocale) ?? DEFAULT_LOCALE;
}

/**
 * The reader of an email (DESIGN.md section 13): the member's language, else the workspace's; the member's own
 * time zone (the account page), else the workspace's.
 */
function readerOf(
  language: Locale,
  workspace: Pick<WorkspaceFacts, "timeZone"> | undefined,
  ownTimeZone?: string | null,
): Reader & { language: Locale } {
  return {
    language,
    t: mailTranslator(language),
    locale: formattingLocaleOf(language),
    timeZone: canonicalTimeZone(ownTimeZone) ?? canonicalTimeZone(workspace?.timeZone) ?? DEFAULT_TIME_ZONE,
  };
}

/** A member of the workspace with their address and language, and the workspace; undefined once they left it. */
async function memberOf(prisma: PrismaClient, workspaceId: string | null, userId: string | null) {
  if (!workspaceId || !userId) return undefined;
  const membership = await prisma.membership.findUnique({
    where: { workspaceId_userId: { workspaceId, userId } },
    select: { user: { select: { email: true, locale: true, timeZone: true } }, workspace: { select: workspaceFacts } },
  });
  if (!membership) return undefined;
  const { user, workspace } = membership;
  return {
    to: user.email,
    workspace,
    reader: readerOf(languageOf(user.locale, workspace.language), workspace, user.timeZone),
  };
}

async function fieldFacts(prisma: PrismaClient, workspaceId: string): Promise<Map<string, FieldFacts>> {
  const fields = await prisma.customField.findMany({
    where: { workspaceId },
    select: { name: true, label: true, type: true, options: true },
  });
  return new Map(fields.map((field) => [field.name, { label: field.label, type: field.type, options: field.options }]));
}

function dayOf(value: Date | string): string {
  return (value instanceof Date ? value.toISOString() : value).slice(0, 10);
}

/** Reads what an email is about, at the moment it is sent, and writes its subject, text and HTML in the reader's language. */
export async function renderEmail(database: Database, email: ClaimedEmail): Promise<RenderedEmail> {
  const { prisma } = database;
  switch (email.kind) {
    case "new_lead":
    case "lead_assigned":
    case "response_overdue":
      return renderLeadEmail(database, email, email.kind);
    case "digest":
      return renderDigest(prisma, email);
    case "endpoint_disabled":
      return renderEndpointDisabled(prisma, email);
    case "invitation":
      return renderInvitation(prisma, email);
    case "password_reset":
      return renderPasswordReset(prisma, email);
  }
}

/** A lead's email: new (its link's "instant" members), assigned (its new owner), overdue (its owner and the admins). */
async function renderLeadEmail(database: Database, email: ClaimedEmail, kind: LeadEmailKind): Promise<RenderedEmail> {
  const { prisma } = database;
  const member = await memberOf(prisma, email.workspace_id, email.user_id);
  if (!member || !email.workspace_id || !email.lead_id) return { dropped: "the recipient is no longer a member" };
  const lead = await prisma.lead.findFirst({
    where: { id: email.lead_id, workspaceId: email.workspace_id },
    select: { id: true, captureLink: { select: { responseTargetMinutes: true } } },
  });
  if (!lead) return { dropped: "the lead no longer exists" };
  const [content, fields] = await Promise.all([
    loadMessageContent(database, {
      workspaceId: email.workspace_id,
      eventType: "lead.created",
      leadId: email.lead_id,
      submissionId: email.submission_id,
      leadSnapshot: email.lead_snapshot,
      createdAt: email.created_at,
    }),
    fieldFacts(prisma, email.workspace_id),
  ]);
  const json = content.lead;
  if (!json) return { dropped: "the lead no longer exists" };
  const { reader, workspace } = member;
  const { t } = reader;
  const name = leadTitle(json, reader);
  const owner = json.owner ? (json.owner.name ?? json.owner.email) : undefined;
  const words = leadEmailWords(t, kind, {
    name,
    workspace: workspace.name,
    link: content.linkName ?? undefined,
    owner,
    minutes: lead.captureLink?.responseTargetMinutes ?? undefined,
  });
  return {
    to: member.to,
    content: layoutEmail(
      words.subject,
      [
        { paragraph: words.intro },
        { rows: leadLines(json, content.linkName, fields, reader) },
        { link: leadPageUrl(workspace.slug, json.id), label: t("newLead.open") },
        { paragraph: words.why },
        ...("footer" in words && words.footer ? [{ paragraph: words.footer }] : []),
      ],
      { lang: reader.language, replyTo: json.email ?? undefined },
    ),
  };
}

/**
 * A digest: the member's previous local day (`digest_day`, a day of the member's zone: enqueue-digests.ts),
 * or, for a preview (no day), the 24 hours before it was asked for, which is sent even when they held no lead.
 */
async function renderDigest(prisma: PrismaClient, email: ClaimedEmail): Promise<RenderedEmail> {
  const member = await memberOf(prisma, email.workspace_id, email.user_id);
  if (!member || !email.workspace_id || !email.user_id) return { dropped: "the recipient is no longer a member" };
  const { reader, workspace } = member;
  const { t } = reader;
  const day = email.digest_day ? dayOf(email.digest_day) : undefined;
  const { start, end } = day
    ? dayWindowIn(reader.timeZone, day)
    : { start: new Date(email.created_at.getTime() - PREVIEW_WINDOW_MS), end: email.created_at };
  const [preference, fields, ids] = await Promise.all([
    prisma.notificationPreference.findUnique({
      where: { workspaceId_userId: { workspaceId: email.workspace_id, userId: email.user_id } },
      select: { linkIds: true },
    }),
    fieldFacts(prisma, email.workspace_id),
    prisma.customField.findMany({ where: { workspaceId: email.workspace_id }, select: { id: true, name: true } }),
  ]);
  const where = {
    workspaceId: email.workspace_id,
    createdAt: { gte: start, lt: end },
    // An erased lead is nobody's any more: it is not listed (nor counted) in a digest.
    erasedAt: null,
    ...(preference && preference.linkIds.length > 0 && { captureLinkId: { in: preference.linkIds } }),
  };
  const [count, leads] = await Promise.all([
    prisma.lead.count({ where }),
    prisma.lead.findMany({
      where,
      orderBy: { createdAt: "asc" },
      take: DIGEST_LIST_LIMIT,
      select: { ...leadSelect, captureLink: { select: { name: true } } },
    }),
  ]);
  if (count === 0 && day) return { dropped: "no leads that day" };
  const zone = zoneName(t, reader.timeZone);
  const dayText = day
    ? new Intl.DateTimeFormat(reader.locale, { timeZone: "UTC", day: "2-digit", month: "2-digit", year: "numeric" }).format(
        new Date(`${day}T00:00:00Z`),
      )
    : "";
  const values = { count, workspace: workspace.name, day: dayText, zone };
  const blocks: EmailBlock[] = [
    {
      paragraph: day
        ? t("digest.intro", values)
        : t("digest.previewIntro", {
            ...values,
            from: formatInstant(start, reader, "datetime"),
            to: formatInstant(end, reader, "datetime"),
          }),
    },
  ];
  const names = new Map(ids.map((field) => [field.id, field.name]));
  for (const lead of leads) {
    const json = toLeadJson(lead, names);
    blocks.push({ heading: leadTitle(json, reader) });
    blocks.push({ rows: leadLines(json, lead.captureLink?.name, fields, reader) });
    blocks.push({ link: leadPageUrl(workspace.slug, json.id), label: t("digest.open") });
  }
  if (count > leads.length) {
    blocks.push({ paragraph: t("digest.more", { count: count - leads.length }) });
    blocks.push({ link: `${publicBaseUrl()}/w/${workspace.slug}/leads`, label: t("digest.seeAll") });
  }
  const subject = day ? t("digest.subject", values) : t("digest.previewSubject", values);
  return { to: member.to, content: layoutEmail(subject, blocks, { lang: reader.language }) };
}

async function renderEndpointDisabled(prisma: PrismaClient, email: ClaimedEmail): Promise<RenderedEmail> {
  const member = await memberOf(prisma, email.workspace_id, email.user_id);
  if (!member || !email.workspace_id || !email.endpoint_id) return { dropped: "the recipient is no longer a member" };
  const endpoint = await prisma.webhookEndpoint.findFirst({
    where: { id: email.endpoint_id, workspaceId: email.workspace_id },
    select: { url: true, description: true, disabledReason: true },
  });
  if (!endpoint) return { dropped: "the endpoint was deleted" };
  const { reader, workspace } = member;
  const { t } = reader;
  return {
    to: member.to,
    content: layoutEmail(
      t("endpointDisabled.subject", { workspace: workspace.name }),
      [
        { paragraph: t("endpointDisabled.intro", { workspace: workspace.name, reason: endpoint.disabledReason ?? "failing" }) },
        {
          rows: [
            [t("endpointDisabled.url"), endpoint.url],
            ...(endpoint.description ? [[t("endpointDisabled.description"), endpoint.description] as [string, string]] : []),
          ],
        },
        { paragraph: t("endpointDisabled.pending") },
        { link: `${publicBaseUrl()}/w/${workspace.slug}/webhooks`, label: t("endpointDisabled.open") },
      ],
      { lang: reader.language },
    ),
  };
}

/**
 * An invitation, to someone without an account (so without a language): in the inviter's workspace's language
 * and zone, naming who invited them, with `Reply-To` the inviter.
 */
async function renderInvitation(prisma: PrismaClient, email: ClaimedEmail): Promise<RenderedEmail> {
  if (!email.to_address || !email.sealed_token || !email.workspace_id) return { dropped: "the invitation has no link any more" };
  const token = openToken(email.sealed_token);
  const [workspace, invitation] = await Promise.all([
    prisma.workspace.findUnique({ where: { id: email.workspace_id }, select: workspaceFacts }),
    // The link's own invitation (a resend replaces the token, so an older email's row is not found).
    prisma.invitation.findFirst({
      where: { tokenHash: hashLinkToken(token), workspaceId: email.workspace_id },
      select: { role: true, expiresAt: true, inviter: { select: { name: true, email: true } } },
    }),
  ]);
  if (!workspace) return { dropped: "the workspace was deleted" };
  if (!invitation) return { dropped: "the invitation was replaced or revoked" };
  const reader = readerOf(languageOf(workspace.language), workspace);
  const { t } = reader;
  const inviter = invitation.inviter;
  const inviterName = inviter ? (inviter.name ?? inviter.email) : t("invitation.someone");
  const values = { inviter: inviterName, workspace: workspace.name };
  return {
    to: email.to_address,
    content: layoutEmail(
      t("invitation.subject", values),
      [
        { paragraph: t("invitation.intro", { ...values, role: invitation.role }) },
        { link: `${publicBaseUrl()}/invite/${token}`, label: t("invitation.accept") },
        { paragraph: t("invitation.expiry", { ...values, expiresAt: formatInstant(invitation.expiresAt, reader, "datetime") }) },
      ],
      { lang: reader.language, replyTo: inviter?.email },
    ),
  };
}

/** A reset, in the user's language, else their first workspace's. */
async function renderPasswordReset(prisma: PrismaClient, email: ClaimedEmail): Promise<RenderedEmail> {
  if (!email.user_id || !email.sealed_token) return { dropped: "the reset has no link any more" };
  const user = await prisma.user.findUnique({
    where: { id: email.user_id },
    select: {
      email: true,
      locale: true,
      timeZone: true,
      memberships: { orderBy: { createdAt: "asc" }, take: 1, select: { workspace: { select: workspaceFacts } } },
    },
  });
  if (!user) return { dropped: "the user was deleted" };
  const workspace = user.memberships[0]?.workspace;
  const reader = readerOf(languageOf(user.locale, workspace?.language), workspace, user.timeZone);
  const { t } = reader;
  const token = openToken(email.sealed_token);
  return {
    to: user.email,
    content: layoutEmail(
      t("passwordReset.subject"),
      [
        { paragraph: t("passwordReset.intro", { email: user.email }) },
        { link: `${publicBaseUrl()}/reset-password/${token}`, label: t("passwordReset.choose") },
        { paragraph: t("passwordReset.expiry") },
      ],
      { lang: reader.language },
    ),
  };
}

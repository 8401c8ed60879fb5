import { openToken } from "@/lib/auth/seal-token";
import type { Database } from "@/lib/db/client";
import type { PrismaClient } from "@/lib/db/generated/client";
import { publicBaseUrl } from "@/lib/http/public-base-url";
import { leadSelect, toLeadJson } from "@/lib/leads/lead-json";
import { type EmailBlock, layoutEmail } from "@/lib/mail/layout-email";
import type { MailContent } from "@/lib/mail/send-mail";
import { leadPageUrl, loadMessageContent } from "@/lib/webhooks/build-message";
import type { ClaimedEmail } from "./email-outbox";
import { leadLines } from "./lead-lines";

/** What to send, or why nothing is sent any more (the recipient left, the lead was erased). */
export type RenderedEmail = { to: string; content: MailContent } | { dropped: string };

/** How many leads a digest lists; the rest are counted. */
const DIGEST_LIST_LIMIT = 100;

async function memberAddress(
  prisma: PrismaClient,
  workspaceId: string | null,
  userId: string | null,
): Promise<string | undefined> {
  if (!workspaceId || !userId) return undefined;
  const membership = await prisma.membership.findUnique({
    where: { workspaceId_userId: { workspaceId, userId } },
    select: { user: { select: { email: true } } },
  });
  return membership?.user.email;
}

async function fieldLabels(prisma: PrismaClient, workspaceId: string): Promise<Map<string, string>> {
  const fields = await prisma.customField.findMany({ where: { workspaceId }, select: { name: true, label: true } });
  return new Map(fields.map((field) => [field.name, field.label]));
}

function dayOf(value: Date | string): string {
  return (value instanceof Date ? value.toISOString() : value).slice(0, 10);
}

/** Reads what an email is about, at the moment it is sent, and writes its subject, text and HTML. */
export async function renderEmail(database: Database, email: ClaimedEmail): Promise<RenderedEmail> {
  const { prisma } = database;
  switch (email.kind) {
    case "new_lead":
      return renderNewLead(database, email);
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

async function renderNewLead(database: Database, email: ClaimedEmail): Promise<RenderedEmail> {
  const { prisma } = database;
  const to = await memberAddress(prisma, email.workspace_id, email.user_id);
  if (!to || !email.workspace_id || !email.lead_id) return { dropped: "the recipient is no longer a member" };
  const lead = await prisma.lead.findFirst({
    where: { id: email.lead_id, workspaceId: email.workspace_id },
    select: { id: true },
  });
  if (!lead) return { dropped: "the lead no longer exists" };
  const [content, labels] = await Promise.all([
    loadMessageContent(database, {
      workspaceId: email.workspace_id,
      eventType: "lead.created",
      leadId: email.lead_id,
      submissionId: email.submission_id,
      leadSnapshot: email.lead_snapshot,
      createdAt: email.created_at,
    }),
    fieldLabels(prisma, email.workspace_id),
  ]);
  const json = content.lead;
  if (!json) return { dropped: "the lead no longer exists" };
  const who = json.name ?? json.email ?? (json.telephone ? `+${json.telephone}` : "an unnamed lead");
  return {
    to,
    content: layoutEmail(
      `New lead: ${who}${content.linkName ? ` (${content.linkName})` : ""}`,
      [
        { paragraph: `A new lead arrived in ${content.workspaceSlug}.` },
        { rows: leadLines(json, content.linkName, labels) },
        { link: leadPageUrl(content.workspaceSlug, json.id), label: "Open the lead in Leadlink" },
        { paragraph: "Reply to this email to write to the lead. You get these emails because of your notification settings." },
      ],
      json.email ?? undefined,
    ),
  };
}

async function renderDigest(prisma: PrismaClient, email: ClaimedEmail): Promise<RenderedEmail> {
  const to = await memberAddress(prisma, email.workspace_id, email.user_id);
  if (!to || !email.workspace_id || !email.user_id || !email.digest_day)
    return { dropped: "the recipient is no longer a member" };
  const day = dayOf(email.digest_day);
  const start = new Date(`${day}T00:00:00.000Z`);
  const end = new Date(start.getTime() + 86_400_000);
  const [workspace, preference, labels] = await Promise.all([
    prisma.workspace.findUniqueOrThrow({
      where: { id: email.workspace_id },
      select: { slug: true, name: true, customFields: { select: { id: true, name: true } } },
    }),
    prisma.notificationPreference.findUnique({
      where: { workspaceId_userId: { workspaceId: email.workspace_id, userId: email.user_id } },
      select: { linkIds: true },
    }),
    fieldLabels(prisma, email.workspace_id),
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
  if (count === 0) return { dropped: "no leads that day" };
  const names = new Map(workspace.customFields.map((field) => [field.id, field.name]));
  const blocks: EmailBlock[] = [
    { paragraph: `${count} new lead${count === 1 ? "" : "s"} in ${workspace.name} on ${day} (UTC).` },
  ];
  for (const lead of leads) {
    const json = toLeadJson(lead, names);
    blocks.push({ heading: json.name ?? json.email ?? (json.telephone ? `+${json.telephone}` : "Unnamed lead") });
    blocks.push({ rows: leadLines(json, lead.captureLink?.name, labels) });
    blocks.push({ link: leadPageUrl(workspace.slug, json.id), label: "Open the lead" });
  }
  if (count > leads.length) {
    blocks.push({ paragraph: `And ${count - leads.length} more.` });
    blocks.push({ link: `${publicBaseUrl()}/w/${workspace.slug}/leads`, label: "See every lead" });
  }
  return { to, content: layoutEmail(`${count} new lead${count === 1 ? "" : "s"} in ${workspace.name} on ${day}`, blocks) };
}

async function renderEndpointDisabled(prisma: PrismaClient, email: ClaimedEmail): Promise<RenderedEmail> {
  const to = await memberAddress(prisma, email.workspace_id, email.user_id);
  if (!to || !email.workspace_id || !email.endpoint_id) return { dropped: "the recipient is no longer a member" };
  const endpoint = await prisma.webhookEndpoint.findFirst({
    where: { id: email.endpoint_id, workspaceId: email.workspace_id },
    select: { url: true, description: true, disabledReason: true, workspace: { select: { slug: true, name: true } } },
  });
  if (!endpoint) return { dropped: "the endpoint was deleted" };
  const reason =
    endpoint.disabledReason === "gone"
      ? "it answered 410 Gone, which means the receiver no longer wants these messages"
      : "it has not accepted a message for 5 days, after at least 10 failed attempts";
  return {
    to,
    content: layoutEmail(`Webhook endpoint disabled in ${endpoint.workspace.name}`, [
      { paragraph: `Leadlink disabled a webhook endpoint of ${endpoint.workspace.name}: ${reason}.` },
      {
        rows: [
          ["URL", endpoint.url],
          ...(endpoint.description ? [["Description", endpoint.description] as [string, string]] : []),
        ],
      },
      {
        paragraph: "Its pending messages are kept and sent once it is enabled again. Fix the receiver, then enable the endpoint.",
      },
      { link: `${publicBaseUrl()}/w/${endpoint.workspace.slug}/webhooks`, label: "Open the webhooks of the workspace" },
    ]),
  };
}

async function renderInvitation(prisma: PrismaClient, email: ClaimedEmail): Promise<RenderedEmail> {
  if (!email.to_address || !email.sealed_token || !email.workspace_id) return { dropped: "the invitation has no link any more" };
  const workspace = await prisma.workspace.findUnique({ where: { id: email.workspace_id }, select: { name: true } });
  if (!workspace) return { dropped: "the workspace was deleted" };
  const token = openToken(email.sealed_token);
  return {
    to: email.to_address,
    content: layoutEmail(`You are invited to ${workspace.name} on Leadlink`, [
      { paragraph: `You have been invited to the workspace ${workspace.name} on Leadlink.` },
      { link: `${publicBaseUrl()}/invite/${token}`, label: "Accept the invitation and choose a password" },
      { paragraph: "The link works once and expires in 24 hours. If you did not expect it, ignore this email." },
    ]),
  };
}

async function renderPasswordReset(prisma: PrismaClient, email: ClaimedEmail): Promise<RenderedEmail> {
  if (!email.user_id || !email.sealed_token) return { dropped: "the reset has no link any more" };
  const user = await prisma.user.findUnique({ where: { id: email.user_id }, select: { email: true } });
  if (!user) return { dropped: "the user was deleted" };
  const token = openToken(email.sealed_token);
  return {
    to: user.email,
    content: layoutEmail("Reset your Leadlink password", [
      { paragraph: "Someone (hopefully you) asked to reset the password of your Leadlink account." },
      { link: `${publicBaseUrl()}/reset-password/${token}`, label: "Choose a new password" },
      {
        paragraph:
          "The link works once and expires in 1 hour; using it signs you out everywhere else. If you did not ask, ignore this email: your password stays.",
      },
    ]),
  };
}

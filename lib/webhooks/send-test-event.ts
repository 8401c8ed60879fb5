import { randomUUID } from "node:crypto";
import { getDatabase } from "@/lib/db/client";
import type { LeadJson } from "@/lib/leads/lead-json";
import { wakeOutbox } from "@/lib/outbox/wake";
import { workspaceLanguage } from "@/lib/workspaces/message-language";
import { type MessageContent, slackBody, webhookBody } from "./build-message";
import { telegramText } from "./telegram-text";
import { endpointIdOrNotFound, endpointNotFound } from "./webhook-endpoint";
import { webhookMessageId } from "./webhook-message";

const NO_TOUCH = { utmSource: null, utmMedium: null, utmCampaign: null, utmContent: null, utmTerm: null };

/** A made-up lead in the shape of section 4, so a receiver can be built and checked before real leads come. */
function sampleContent(workspaceSlug: string, captureLinkId: string, linkName: string | undefined): MessageContent {
  const now = new Date().toISOString();
  const lead: LeadJson = {
    id: randomUUID(),
    email: "ana.souza@example.com",
    name: "Ana Souza (test)",
    telephone: "5511987654321",
    document: null,
    profession: null,
    city: "São Paulo",
    state: "SP",
    instagram: null,
    birthday: null,
    address: {},
    firstTouch: { ...NO_TOUCH, utmSource: "leadlink", utmMedium: "test" },
    lastTouch: { ...NO_TOUCH, utmSource: "leadlink", utmMedium: "test" },
    customFields: {},
    status: "new",
    owner: null,
    tags: [],
    createdAt: now,
    updatedAt: now,
  };
  return {
    type: "lead.created",
    timestamp: now,
    lead,
    submission: { id: randomUUID(), captureLinkId, receivedAt: now, outcome: "created", warnings: [] },
    linkName,
    workspaceSlug,
  };
}

/**
 * "Send test event": a sample `lead.created` with `"test": true` in its body (a Slack endpoint gets the
 * readable message of a sample lead), written to the outbox like any other message, so it is signed,
 * retried and logged the same way. The body is fixed now, as the dispatcher builds bodies from stored leads.
 */
export async function sendTestEvent(workspaceId: string, endpointId: string): Promise<{ messageId: string }> {
  const id = endpointIdOrNotFound(endpointId);
  const database = await getDatabase();
  const { prisma } = database;
  const endpoint = await prisma.webhookEndpoint.findFirst({
    where: { id, workspaceId },
    select: { kind: true, linkIds: true, workspace: { select: { slug: true } } },
  });
  if (!endpoint) throw endpointNotFound(endpointId);
  // A real link of the workspace (the first the endpoint is limited to, or the newest), so the id looks familiar.
  const link = await prisma.captureLink.findFirst({
    where: { workspaceId, ...(endpoint.linkIds.length > 0 && { id: { in: endpoint.linkIds } }) },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true },
  });
  const content = sampleContent(endpoint.workspace.slug, link?.id ?? randomUUID(), link?.name);
  const language = await workspaceLanguage(database, workspaceId);
  const body =
    endpoint.kind === "telegram"
      ? telegramText({ ...content, test: true }, language)
      : endpoint.kind === "slack"
        ? slackBody(content, language, true)
        : webhookBody(content, true);
  const messageUuid = randomUUID();
  await prisma.webhookMessage.create({
    data: { id: messageUuid, endpointId: id, workspaceId, eventType: "lead.created", body, test: true },
    select: { id: true },
  });
  wakeOutbox();
  return { messageId: webhookMessageId(messageUuid) };
}

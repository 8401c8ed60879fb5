// Issue 24, owner 6: the endpoint's delivery log names the lead each message is about (the page links it by
// name, else email, else its short id), says "erased" without personal data for an erased lead, and points a
// submission.rejected message at its request in the link's log. Scoped to the workspace in the query.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnv } from "@/lib/env";
import { eraseLead } from "@/lib/privacy/erase-lead";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { listMessages } from "@/lib/webhooks/list-messages";
import { useTestDatabase } from "../support/database";
import { expandWaitingEvents } from "../support/events";
import { postText, setupLink, uniqueEmail } from "../support/ingest-helpers";

const db = useTestDatabase();
const saved = process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;

beforeAll(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";
  resetEnv();
});

afterAll(() => {
  if (saved === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  else process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = saved;
  resetEnv();
});

async function ingest(token: string, body: Record<string, unknown>) {
  const response = await postText(token, JSON.stringify(body));
  const answer = (await response.json()) as { leadId?: string };
  return { status: response.status, leadId: answer.leadId };
}

describe("the delivery log's leads", () => {
  it("names each message's lead, an erased one without its data, and a rejected request by its link", async () => {
    // No dispatcher runs: the log lists pending messages as well as delivered ones.
    const { workspace, link, token } = await setupLink(db.current);
    const endpoint = await createEndpoint(workspace.id, {
      url: "http://127.0.0.1:9/hook",
      events: ["lead.created", "lead.updated", "submission.rejected", "lead.erased"],
    });
    const email = uniqueEmail();
    const named = await ingest(token, { name: "Ana Souza", email: uniqueEmail() });
    const emailOnly = await ingest(token, { email });
    const anonymous = await ingest(token, { city: "Recife" });
    const erased = await ingest(token, { name: "Bruno Lima", email: uniqueEmail() });
    await eraseLead({ workspaceId: workspace.id, leadId: erased.leadId!, actor: { kind: "cli" } });
    const rejected = await ingest(token, { email: "not an email" });
    expect(rejected.status).toBe(422);

    await expandWaitingEvents(db.current);
    const { messages } = await listMessages(workspace.id, endpoint.id);
    const about = (type: string, leadId: string | undefined) =>
      messages.filter((message) => message.type === type && message.lead?.id === leadId);
    expect(about("lead.created", named.leadId)[0]!.lead).toEqual({
      id: named.leadId,
      name: "Ana Souza",
      email: expect.any(String),
      erased: false,
    });
    expect(about("lead.created", emailOnly.leadId)[0]!.lead).toEqual({ id: emailOnly.leadId, name: null, email, erased: false });
    expect(about("lead.created", anonymous.leadId)[0]!.lead).toEqual({
      id: anonymous.leadId,
      name: null,
      email: null,
      erased: false,
    });
    // The erased lead's messages name it only as erased. Its lead.created event was still waiting when it was
    // erased: the erasure removed it, so only lead.erased is told.
    const erasedMessages = messages.filter((message) => message.lead?.id === erased.leadId);
    expect(erasedMessages.map((message) => message.type).sort()).toEqual(["lead.erased"]);
    for (const message of erasedMessages)
      expect(message.lead).toEqual({ id: erased.leadId, name: null, email: null, erased: true });
    expect(JSON.stringify(messages)).not.toContain("Bruno");

    const [refused] = messages.filter((message) => message.type === "submission.rejected");
    const submission = await db.current.prisma.submission.findFirstOrThrow({
      where: { captureLinkId: link.id, outcome: "rejected" },
    });
    expect(refused).toMatchObject({ lead: null, rejected: { submissionId: submission.id, captureLinkId: link.id } });
    for (const message of messages.filter((message) => message.type !== "submission.rejected"))
      expect(message.rejected).toBeNull();
  });

  it("shows no lead of another workspace, even on a message that names one", async () => {
    const mine = await setupLink(db.current);
    const other = await setupLink(db.current);
    const endpoint = await createEndpoint(mine.workspace.id, { url: "http://127.0.0.1:9/hook" });
    const foreign = await ingest(other.token, { name: "Carla Dias", email: uniqueEmail() });
    // A row that points across workspaces (none is written so; the query must not trust it).
    await db.current.prisma.webhookMessage.create({
      data: { endpointId: endpoint.id, workspaceId: mine.workspace.id, eventType: "lead.created", leadId: foreign.leadId! },
    });
    const { messages } = await listMessages(mine.workspace.id, endpoint.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.lead).toBeNull();
    expect(JSON.stringify(messages)).not.toContain("Carla");
  });
});

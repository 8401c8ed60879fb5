// Issue 24, security 8 (DESIGN.md section 14): a message's content is fixed when its event is written. A lead
// posted, then updated by a second request and by an API change, all before the dispatcher runs: the
// lead.created message still shows the lead as created, each lead.updated the lead as its own change left it,
// and a resend sends the same bytes under the same webhook-id. Slack messages and new-lead emails likewise.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { resetEnv } from "@/lib/env";
import { setNotificationPreference } from "@/lib/notifications/set-notification-preference";
import { type Dispatcher, startDispatcher } from "@/lib/server/outbox";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { resendMessage } from "@/lib/webhooks/resend-message";
import { webhookMessageId } from "@/lib/webhooks/webhook-message";
import { api } from "../support/api-client";
import { useTestDatabase } from "../support/database";
import { postText, setupLink, uniqueEmail } from "../support/ingest-helpers";
import { startSmtpServer } from "../support/smtp-server";
import { newMember } from "../support/tenants";
import { type Receiver, startReceiver } from "../support/webhook-receiver";

const db = useTestDatabase();
let receiver: Receiver;
let dispatcher: Dispatcher | undefined;
const saved = { allow: process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS };

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";
  resetEnv();
  receiver = await startReceiver();
});

afterEach(async () => {
  await dispatcher?.stop();
  dispatcher = undefined;
});

afterAll(async () => {
  await receiver?.close();
  if (saved.allow === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  else process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = saved.allow;
  resetEnv();
});

async function ingest(token: string, body: Record<string, unknown>, status: number) {
  const response = await postText(token, JSON.stringify(body));
  expect(response.status, await response.clone().text()).toBe(status);
  return ((await response.json()) as { leadId: string }).leadId;
}

/** The endpoint's messages once `count` of them are recorded as delivered. */
async function delivered(endpointId: string, count: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const messages = await db.current.prisma.webhookMessage.findMany({ where: { endpointId }, orderBy: { createdAt: "asc" } });
    if (messages.filter((message) => message.state === "delivered").length >= count) return messages;
    if (Date.now() > deadline) throw new Error(`states: ${messages.map((message) => message.state).join(", ")}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("a message shows the lead as its event left it", () => {
  it("lead.created keeps the created lead through later changes; each lead.updated its own state; a resend repeats the bytes", async () => {
    // No dispatcher yet: every change below is committed before the first attempt.
    const { workspace, token } = await setupLink(db.current);
    const hook = await createEndpoint(workspace.id, { url: receiver.url("/content-hook") });
    const slack = await createEndpoint(workspace.id, { kind: "slack", url: receiver.url("/content-slack") });
    const email = uniqueEmail();

    const leadId = await ingest(token, { email, name: "Ana Souza", city: "Recife", utmSource: "ads" }, 201);
    expect(await ingest(token, { email, name: "Ana Maria Souza", profession: "Engenheira" }, 200)).toBe(leadId);
    const { token: key } = await createApiKey(workspace.id, { name: "crm", scope: "write" });
    const patched = await api(`/api/v1/leads/${leadId}`, {
      key,
      method: "PATCH",
      body: { status: "contacted", tags: ["vip"] },
    });
    expect(patched.status, await patched.clone().text()).toBe(200);

    dispatcher = startDispatcher(db.current, { pollMs: 50 });
    const requests = await receiver.waitFor("/content-hook", 3);
    const bodies = requests.map((request) => JSON.parse(request.body));
    const byType = (type: string) => bodies.filter((body) => body.type === type);
    const messages = await delivered(hook.id, 3);
    const created = byType("lead.created");
    expect(created).toHaveLength(1);
    expect(created[0].data.lead).toMatchObject({
      id: leadId,
      email,
      name: "Ana Souza",
      city: "Recife",
      profession: null,
      status: "new",
      tags: [],
      firstTouch: { utmSource: "ads" },
    });
    expect(created[0].data.submission.outcome).toBe("created");
    expect(created[0].data.lead.updatedAt).toBe(created[0].data.lead.createdAt);

    const updated = byType("lead.updated");
    expect(updated).toHaveLength(2);
    const fromIngest = updated.find((body) => body.data.submission);
    const fromApi = updated.find((body) => !body.data.submission);
    expect(fromIngest.data.submission.outcome).toBe("updated");
    expect(fromIngest.data.lead).toMatchObject({
      name: "Ana Maria Souza",
      profession: "Engenheira",
      city: "Recife",
      status: "new",
      tags: [],
    });
    expect(fromApi.data.lead).toMatchObject({
      name: "Ana Maria Souza",
      profession: "Engenheira",
      status: "contacted",
      tags: ["vip"],
    });

    // Each body is kept as sent, and the snapshot it was built from is cleared.
    expect(messages.map((message) => message.state)).toEqual(["delivered", "delivered", "delivered"]);
    for (const message of messages) expect(message.leadSnapshot).toBeNull();

    // A resend: the same bytes under the same webhook-id, though the lead has changed since.
    const createdMessage = messages.find((message) => message.eventType === "lead.created")!;
    const first = requests.find((request) => request.headers["webhook-id"] === webhookMessageId(createdMessage.id))!;
    await resendMessage(workspace.id, hook.id, webhookMessageId(createdMessage.id));
    const [again] = (await receiver.waitFor("/content-hook", 4)).slice(3);
    expect(again!.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    expect(again!.body).toBe(first.body);

    // Slack: the same events, written the same way.
    const slackTexts = (await receiver.waitFor("/content-slack", 3)).map((request) => JSON.parse(request.body).text as string);
    expect(slackTexts.filter((text) => text.startsWith("*New lead: Ana Souza*"))).toHaveLength(1);
    expect(slackTexts.filter((text) => text.startsWith("*Lead updated: Ana Maria Souza*"))).toHaveLength(2);
    expect(slack.id).toBeTruthy();
  });

  it("a message written before snapshots existed is built from the lead as it is, as before", async () => {
    const { workspace, token } = await setupLink(db.current);
    await createEndpoint(workspace.id, { url: receiver.url("/content-legacy") });
    const email = uniqueEmail();
    const leadId = await ingest(token, { email, name: "Bia" }, 201);
    // As an event written before events carried the lead: its message has no snapshot.
    await db.current.prisma.$executeRaw`UPDATE events SET data = data - 'lead' WHERE lead_id = ${leadId}::uuid`;
    await db.current.prisma.lead.update({ where: { id: leadId }, data: { name: "Bia Lima" } });
    dispatcher = startDispatcher(db.current, { pollMs: 50 });
    const [request] = await receiver.waitFor("/content-legacy", 1);
    expect(JSON.parse(request!.body).data.lead).toMatchObject({ id: leadId, name: "Bia Lima" });
  });

  it("a new-lead email shows the lead as it was created, though it changed before the email was sent", async () => {
    const smtp = await startSmtpServer();
    const saved = { url: process.env.SMTP_URL, from: process.env.MAIL_FROM };
    process.env.SMTP_URL = smtp.url();
    process.env.MAIL_FROM = "Leadlink <leads@leadlink.test>";
    resetEnv();
    try {
      const { workspace, token } = await setupLink(db.current);
      const member = await newMember(workspace.id, "member");
      await setNotificationPreference(workspace.id, member.id, { mode: "instant" });
      const email = uniqueEmail();
      await ingest(token, { email, name: "Caio Prado" }, 201);
      await ingest(token, { email, name: "Caio Prado Junior" }, 200);

      dispatcher = startDispatcher(db.current, { pollMs: 50 });
      const [mail] = await smtp.waitFor(member.email);
      expect(mail!.parsed.subject).toMatch(/^New lead: Caio Prado \(/);
      expect(mail!.parsed.text).toContain("Name: Caio Prado\n");
      expect(mail!.parsed.text).not.toContain("Junior");
      const deadline = Date.now() + 10_000;
      let row = await db.current.prisma.emailMessage.findFirstOrThrow({ where: { workspaceId: workspace.id } });
      while (row.state !== "delivered" && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        row = await db.current.prisma.emailMessage.findFirstOrThrow({ where: { workspaceId: workspace.id } });
      }
      expect(row).toMatchObject({ state: "delivered", leadSnapshot: null });
    } finally {
      if (saved.url === undefined) delete process.env.SMTP_URL;
      else process.env.SMTP_URL = saved.url;
      if (saved.from === undefined) delete process.env.MAIL_FROM;
      else process.env.MAIL_FROM = saved.from;
      resetEnv();
      await dispatcher?.stop();
      dispatcher = undefined;
      await smtp.close();
    }
  });
});

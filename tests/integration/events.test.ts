// Issue 25 (DESIGN.md section 14): domain events. Each change writes its event in its own transaction, with its
// content fixed then; the outbox runner turns each event into the deliveries of the channels that listen (their
// rule, in their folder) and deletes it, once, whatever the number of runners. Each event type end to end,
// against a real HTTP receiver and a real SMTP server.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { statement } from "@/lib/db/client";
import { resetEnv } from "@/lib/env";
import { addLeadNote } from "@/lib/leads/lead-notes";
import { updateLeadWorkflow } from "@/lib/leads/update-lead-workflow";
import { eraseLead } from "@/lib/privacy/erase-lead";
import { type Dispatcher, startDispatcher } from "@/lib/server/outbox";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { useTestDatabase } from "../support/database";
import { waitForEventsExpanded } from "../support/events";
import { createLink } from "../support/fixtures";
import { postText, setupLink, uniqueEmail } from "../support/ingest-helpers";
import { type SmtpTestServer, startSmtpServer } from "../support/smtp-server";
import { newMember, newTenant } from "../support/tenants";
import { type Receiver, startReceiver } from "../support/webhook-receiver";

const db = useTestDatabase();
let receiver: Receiver;
let smtp: SmtpTestServer;
const dispatchers: Dispatcher[] = [];
const saved = { ...process.env };

beforeAll(async () => {
  receiver = await startReceiver();
  smtp = await startSmtpServer();
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";
  process.env.SMTP_URL = smtp.url();
  process.env.MAIL_FROM = "Leadlink <leads@leadlink.test>";
  resetEnv();
});

afterEach(async () => {
  await Promise.all(dispatchers.splice(0).map((dispatcher) => dispatcher.stop()));
});

afterAll(async () => {
  await receiver?.close();
  await smtp?.close();
  for (const key of ["WEBHOOK_ALLOW_PRIVATE_NETWORKS", "SMTP_URL", "MAIL_FROM"] as const) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetEnv();
});

function run(): void {
  dispatchers.push(startDispatcher(db.current, { pollMs: 50 }));
}

async function ingest(token: string, body: Record<string, unknown>, status = 201): Promise<string> {
  const response = await postText(token, JSON.stringify(body));
  expect(response.status, await response.clone().text()).toBe(status);
  return ((await response.json()) as { leadId: string }).leadId;
}

interface EventRow {
  type: string;
  lead_id: string | null;
  submission_id: string | null;
  endpoint_id: string | null;
  data: { lead?: Record<string, unknown>; changes?: unknown[] };
}

function eventsOf(workspaceId: string): Promise<EventRow[]> {
  return db.current.sql<EventRow>(
    statement(
      `SELECT type, lead_id, submission_id, endpoint_id, data FROM events WHERE workspace_id = $1::uuid ORDER BY created_at, type`,
      [workspaceId],
    ),
  );
}

async function bodies(path: string, count: number): Promise<Record<string, any>[]> {
  return (await receiver.waitFor(path, count)).map((request) => JSON.parse(request.body));
}

describe("events are written with their change", () => {
  it("ingest writes lead.created, then lead.updated, each with the lead as its request left it", async () => {
    const { workspace, token } = await setupLink(db.current);
    await createEndpoint(workspace.id, { url: receiver.url("/ev-ingest") });
    const email = uniqueEmail();
    const leadId = await ingest(token, { email, name: "Rita" });
    await ingest(token, { email, city: "Olinda" }, 200);
    // No runner yet: the events wait, as their statements wrote them.
    const events = await eventsOf(workspace.id);
    expect(events.map((event) => event.type)).toEqual(["lead.created", "lead.updated"]);
    expect(events.every((event) => event.lead_id === leadId && event.submission_id !== null)).toBe(true);
    expect(events[0]!.data.lead).toMatchObject({ id: leadId, name: "Rita", city: null });
    expect(events[1]!.data.lead).toMatchObject({ id: leadId, name: "Rita", city: "Olinda" });

    run();
    const received = await bodies("/ev-ingest", 2);
    const created = received.find((body) => body.type === "lead.created")!;
    expect(created.data.lead).toMatchObject({ name: "Rita", city: null });
    expect(created.data.submission.outcome).toBe("created");
    await waitForEventsExpanded(db.current, workspace.id);
  });

  it("a workspace no channel listens to writes no event on ingest", async () => {
    const { workspace, token } = await setupLink(db.current);
    await ingest(token, { email: uniqueEmail(), name: "Nobody listens" });
    expect(await eventsOf(workspace.id)).toEqual([]);
  });

  it("a person's change writes lead.updated with what changed; a note says only that one was added", async () => {
    const { owner, workspace } = await newTenant("Events");
    const link = await createLink(db.current, workspace.id);
    const path = `/ev-admin-${workspace.slug}`;
    await createEndpoint(workspace.id, { url: receiver.url(path) });
    const leadId = await ingest(link.token, { email: uniqueEmail(), name: "Caio" });
    await updateLeadWorkflow(db.current, {
      workspaceId: workspace.id,
      leadId,
      actorUserId: owner.id,
      patch: { status: "contacted", tags: ["vip"] },
    });
    await addLeadNote(db.current, {
      workspaceId: workspace.id,
      leadId,
      authorUserId: owner.id,
      note: { body: "Disse que liga amanhã às 10h" },
    });
    // A change that fails writes nothing: an owner who is not a member.
    await expect(
      updateLeadWorkflow(db.current, {
        workspaceId: workspace.id,
        leadId,
        actorUserId: owner.id,
        patch: { status: "won", ownerId: crypto.randomUUID() },
      }),
    ).rejects.toThrow();

    const events = await eventsOf(workspace.id);
    expect(events.map((event) => event.type)).toEqual(["lead.created", "lead.updated", "lead.updated"]);
    expect(events[1]!.data.changes).toEqual([
      { field: "status", from: "new", to: "contacted" },
      { field: "tags", from: [], to: ["vip"] },
    ]);
    expect(events[2]!.data.changes).toEqual([{ field: "note", from: null, to: "added" }]);

    run();
    const received = await bodies(path, 3);
    const updates = received.filter((body) => body.type === "lead.updated");
    expect(updates).toHaveLength(2);
    const status = updates.find((body) => body.data.changes[0].field === "status")!;
    expect(status.data).not.toHaveProperty("submission");
    expect(status.data.lead).toMatchObject({ id: leadId, status: "contacted", tags: ["vip"] });
    const note = updates.find((body) => body.data.changes[0].field === "note")!;
    expect(note.data.changes).toEqual([{ field: "note", from: null, to: "added" }]);
    expect(JSON.stringify(received)).not.toContain("liga amanhã");
  });

  it("a Slack message says what a person changed, in the workspace's language, never a note's text (Telegram shares the lines)", async () => {
    const { owner, workspace } = await newTenant("Padaria");
    await db.current.prisma.workspace.update({ where: { id: workspace.id }, data: { language: "pt-BR" } });
    await db.current.prisma.user.update({ where: { id: owner.id }, data: { name: "Joana Dona" } });
    const link = await createLink(db.current, workspace.id);
    const path = `/ev-slack-${workspace.slug}`;
    await createEndpoint(workspace.id, { kind: "slack", url: receiver.url(path), events: ["lead.updated"] });
    const leadId = await ingest(link.token, { email: uniqueEmail(), name: "Tatiane" });
    await updateLeadWorkflow(db.current, {
      workspaceId: workspace.id,
      leadId,
      actorUserId: owner.id,
      patch: { status: "contacted", ownerId: owner.id, tags: ["vip"] },
    });
    await addLeadNote(db.current, { workspaceId: workspace.id, leadId, authorUserId: owner.id, note: { body: "segredo" } });
    run();
    const texts = (await receiver.waitFor(path, 2)).map((request) => JSON.parse(request.body).text as string);
    const change = texts.find((text) => text.includes("Status"))!;
    expect(change).toContain("*Lead atualizado: Tatiane*");
    expect(change).toContain("Status: Novo → Contatado");
    expect(change).toContain("Responsável: ninguém → Joana Dona");
    expect(change).toContain("Tags: nenhuma → vip");
    const note = texts.find((text) => !text.includes("Status"))!;
    expect(note).toContain("Nota adicionada");
    expect(texts.join("\n")).not.toContain("segredo");
  });

  it("a rejected request writes submission.rejected with its code, never its payload", async () => {
    const { workspace, token, link } = await setupLink(db.current);
    const path = `/ev-rejected-${workspace.slug}`;
    await createEndpoint(workspace.id, { url: receiver.url(path), events: ["submission.rejected"] });
    const response = await postText(token, JSON.stringify({ email: "not an email", name: "Zeca Secreto" }));
    expect(response.status).toBe(422);
    run();
    const [body] = await bodies(path, 1);
    expect(body).toMatchObject({
      type: "submission.rejected",
      data: { submission: { captureLinkId: link.id, outcome: "rejected", code: "validation_failed" } },
    });
    expect(JSON.stringify(body)).not.toContain("Zeca Secreto");
  });

  it("erasure writes lead.erased and removes the lead's events still waiting", async () => {
    const { workspace, token } = await setupLink(db.current);
    const path = `/ev-erased-${workspace.slug}`;
    await createEndpoint(workspace.id, { url: receiver.url(path), events: ["lead.created", "lead.erased"] });
    const leadId = await ingest(token, { email: uniqueEmail(), name: "Apagada da Silva" });
    expect((await eventsOf(workspace.id)).map((event) => event.type)).toEqual(["lead.created"]);
    await eraseLead({ workspaceId: workspace.id, leadId, actor: { kind: "cli" } });
    const events = await eventsOf(workspace.id);
    expect(events.map((event) => event.type)).toEqual(["lead.erased"]);
    expect(JSON.stringify(events)).not.toContain("Apagada");

    run();
    const [body] = await bodies(path, 1);
    expect(body).toMatchObject({ type: "lead.erased", data: { leadId } });
    await waitForEventsExpanded(db.current, workspace.id);
    expect(await receiver.waitFor(path, 1)).toHaveLength(1);
  });

  it("an endpoint Leadlink disables writes endpoint.disabled, and its admins get an email", async () => {
    const { owner, workspace } = await newTenant("Disabled");
    const admin = await newMember(workspace.id, "admin");
    const member = await newMember(workspace.id, "member");
    const link = await createLink(db.current, workspace.id);
    const path = `/ev-gone-${workspace.slug}`;
    receiver.answer((request) => (request.path === path ? { status: 410 } : { status: 200 }));
    try {
      const endpoint = await createEndpoint(workspace.id, { url: receiver.url(path) });
      await ingest(link.token, { email: uniqueEmail(), name: "Gone" });
      run();
      const [ownerMail] = await smtp.waitFor(owner.email);
      const [adminMail] = await smtp.waitFor(admin.email);
      expect(ownerMail!.parsed.subject).toBe(adminMail!.parsed.subject);
      expect(ownerMail!.parsed.text).toContain(receiver.url(path));
      const stored = await db.current.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
      expect(stored).toMatchObject({ enabled: false, disabledReason: "gone" });
      await waitForEventsExpanded(db.current, workspace.id);
      expect(smtp.to(member.email)).toEqual([]);
    } finally {
      receiver.answer(() => ({ status: 200 }));
    }
  });
});

describe("expansion", () => {
  it("an endpoint hears of what happens after it exists, not of events still waiting when it was created", async () => {
    const { workspace, token } = await setupLink(db.current);
    await createEndpoint(workspace.id, { url: receiver.url(`/ev-early-${workspace.slug}`) });
    await ingest(token, { email: uniqueEmail(), name: "Before" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const late = await createEndpoint(workspace.id, { url: receiver.url(`/ev-late-${workspace.slug}`) });
    run();
    await waitForEventsExpanded(db.current, workspace.id);
    expect(await db.current.prisma.webhookMessage.count({ where: { endpointId: late.id } })).toBe(0);
  });

  it("two runners expand each event once: one message per event and endpoint", async () => {
    const { workspace, token } = await setupLink(db.current);
    const path = `/ev-two-${workspace.slug}`;
    const endpoint = await createEndpoint(workspace.id, { url: receiver.url(path) });
    const leads = await Promise.all(
      Array.from({ length: 30 }, (_, index) => ingest(token, { email: uniqueEmail(), name: `Lead ${index}` })),
    );
    run();
    run();
    await receiver.waitFor(path, leads.length);
    await waitForEventsExpanded(db.current, workspace.id);
    const messages = await db.current.prisma.webhookMessage.findMany({ where: { endpointId: endpoint.id } });
    expect(messages).toHaveLength(leads.length);
    expect(new Set(messages.map((message) => message.leadId)).size).toBe(leads.length);
    expect(new Set(messages.map((message) => message.eventId)).size).toBe(leads.length);
  });
});

// DESIGN.md section 13 (issue 27): a lead.updated Slack message in English says what changed, as the Portuguese
// one does (tests/integration/events.test.ts), and a note's text never leaves; against a real HTTP receiver.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnv } from "@/lib/env";
import { addLeadNote } from "@/lib/leads/lead-notes";
import { updateLeadWorkflow } from "@/lib/leads/update-lead-workflow";
import { type Dispatcher, startDispatcher } from "@/lib/server/outbox";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { useTestDatabase } from "../support/database";
import { createLink } from "../support/fixtures";
import { postText, uniqueEmail } from "../support/ingest-helpers";
import { newTenant } from "../support/tenants";
import { type Receiver, startReceiver } from "../support/webhook-receiver";

const db = useTestDatabase();
let receiver: Receiver;
let dispatcher: Dispatcher;
const saved = process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;

beforeAll(async () => {
  receiver = await startReceiver();
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";
  resetEnv();
  dispatcher = startDispatcher(db.current, { pollMs: 50 });
});

afterAll(async () => {
  await dispatcher?.stop();
  await receiver?.close();
  if (saved === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  else process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = saved;
  resetEnv();
});

describe("lead.updated in English", () => {
  it("names the status, owner and tag changes in the workspace's English, and a note only as added", async () => {
    const { owner, workspace } = await newTenant("Bakery");
    await db.current.prisma.workspace.update({ where: { id: workspace.id }, data: { language: "en" } });
    await db.current.prisma.user.update({ where: { id: owner.id }, data: { name: "Joan Owner", locale: "pt-BR" } });
    const link = await createLink(db.current, workspace.id);
    const path = `/updated-en-${workspace.slug}`;
    await createEndpoint(workspace.id, { kind: "slack", url: receiver.url(path), events: ["lead.updated"] });
    const response = await postText(link.token, JSON.stringify({ email: uniqueEmail(), name: "Tatiane" }));
    expect(response.status).toBe(201);
    const { leadId } = (await response.json()) as { leadId: string };
    await updateLeadWorkflow(db.current, {
      workspaceId: workspace.id,
      leadId,
      actorUserId: owner.id,
      patch: { status: "contacted", ownerId: owner.id, tags: ["vip"] },
    });
    await addLeadNote(db.current, { workspaceId: workspace.id, leadId, authorUserId: owner.id, note: { body: "secret" } });
    dispatcher.wake();
    const texts = (await receiver.waitFor(path, 2)).map((request) => JSON.parse(request.body).text as string);
    const change = texts.find((text) => text.includes("Status"))!;
    // The workspace's language, not the acting owner's Portuguese.
    expect(change).toContain("*Lead updated: Tatiane*");
    expect(change).toContain("Status: New → Contacted");
    expect(change).toContain("Owner: nobody → Joan Owner");
    expect(change).toContain("Tags: none → vip");
    expect(change).not.toMatch(/Novo|Responsável|nenhuma/);
    const note = texts.find((text) => !text.includes("Status"))!;
    expect(note).toContain("Note added");
    expect(texts.join("\n")).not.toContain("secret");
  });
});

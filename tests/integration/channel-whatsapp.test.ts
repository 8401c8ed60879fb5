// DESIGN.md section 14: the WhatsApp channel. Members opt in with their number (the notifications page's
// action, the CLI, the domain function); ingest through the real route queues one template message per
// opted-in member in the lead's own statement; the real dispatcher sends them to a local Cloud API that
// answers as the Graph API documents it. Erasure, member removal, dry runs, spam and an unconfigured server.
import "../support/server-action";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { saveNotificationsAction } from "@/app/(admin)/w/[slug]/notifications/actions";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { runCli } from "@/lib/cli/run-cli";
import { resetEnv } from "@/lib/env";
import { setNotificationPreference } from "@/lib/notifications/set-notification-preference";
import { eraseLead } from "@/lib/privacy/erase-lead";
import { type Dispatcher, startDispatcher } from "@/lib/server/outbox";
import { useTestDatabase } from "../support/database";
import { waitForEventsExpanded } from "../support/events";
import { type FakeWhatsapp, graphError, startFakeWhatsapp } from "../support/fake-whatsapp";
import { createLink } from "../support/fixtures";
import { postText, uniqueEmail } from "../support/ingest-helpers";
import { callAction } from "../support/server-action";
import { fieldErrors, newMember, newTenant } from "../support/tenants";

const db = useTestDatabase();
const TOKEN = "EAAG-test-token-0123456789";
const PHONE_NUMBER_ID = "106540352242922";
let graph: FakeWhatsapp;
let dispatcher: Dispatcher;
const names = ["WHATSAPP_TOKEN", "WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_API_URL", "WHATSAPP_TEMPLATE", "WEBHOOK_RETRY_SCHEDULE"];
const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));

function setEnv(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  resetEnv();
}

function configure(on: boolean) {
  setEnv("WHATSAPP_TOKEN", on ? TOKEN : undefined);
  setEnv("WHATSAPP_PHONE_NUMBER_ID", on ? PHONE_NUMBER_ID : undefined);
  // Ingest reads "someone wants WhatsApp, and it is on" from the link cache.
  invalidateCaptureLinks();
}

beforeAll(async () => {
  graph = await startFakeWhatsapp({ token: TOKEN, phoneNumberId: PHONE_NUMBER_ID, templates: ["new_lead"] });
  setEnv("WHATSAPP_API_URL", graph.url);
  setEnv("WEBHOOK_RETRY_SCHEDULE", "100ms,100ms,100ms");
  dispatcher = startDispatcher(db.current, { pollMs: 50 });
});

beforeEach(() => configure(true));

afterAll(async () => {
  await dispatcher?.stop();
  await graph?.close();
  for (const name of names) setEnv(name, saved[name]);
});

let numbers = 0;
/** A Brazilian mobile number no other test uses, as a member would type it, and as E.164 digits. */
function memberNumber() {
  const local = `9${String(10_000_000 + ++numbers * 7919 + Math.floor(Math.random() * 1000)).slice(-8)}`;
  return { typed: `+55 (11) ${local.slice(0, 5)}-${local.slice(5)}`, digits: `5511${local}` };
}

async function setup(country = "BR") {
  const { owner, workspace } = await newTenant("Zap");
  // As creation makes it for that country: another country's workspace speaks English (DESIGN.md section 13).
  if (country !== "BR")
    await db.current.prisma.workspace.update({ where: { id: workspace.id }, data: { country, language: "en", timeZone: "UTC" } });
  const link = await createLink(db.current, workspace.id);
  return { owner, workspace, link };
}

async function optIn(workspaceId: string, userId: string, linkIds: string[] = []) {
  const number = memberNumber();
  const saved = await setNotificationPreference(workspaceId, userId, { mode: "none", linkIds, whatsappNumber: number.typed });
  expect(saved.whatsapp).toBe(`+${number.digits}`);
  return number.digits;
}

async function ingest(token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await postText(token, JSON.stringify(body), headers);
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return ((await response.json()) as { leadId: string }).leadId;
}

function rowsOf(workspaceId: string) {
  return db.current.prisma.whatsappMessage.findMany({ where: { workspaceId }, orderBy: { toNumber: "asc" } });
}

async function waitForRows(workspaceId: string, done: (rows: Awaited<ReturnType<typeof rowsOf>>) => boolean) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const rows = await rowsOf(workspaceId);
    if (done(rows)) return rows;
    if (Date.now() > deadline) throw new Error(`rows: ${JSON.stringify(rows.map((row) => [row.state, row.attemptCount]))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

describe("opting in", () => {
  it("a member saves their number on the notifications page, read in the workspace's country and kept as E.164", async () => {
    const { workspace } = await setup();
    const member = await newMember(workspace.id, "member");
    const state = await callAction(member, () =>
      saveNotificationsAction(workspace.slug, {}, form({ mode: "none", scope: "all", whatsapp: "(11) 98765-4321" })),
    );
    expect(state.ok, JSON.stringify(state)).toBe(true);
    const stored = await db.current.prisma.notificationPreference.findUniqueOrThrow({
      where: { workspaceId_userId: { workspaceId: workspace.id, userId: member.id } },
    });
    expect(stored.whatsappNumber).toBe("5511987654321");
    // A form without the box (the server has no WhatsApp) keeps the number; an empty box removes it.
    await callAction(member, () => saveNotificationsAction(workspace.slug, {}, form({ mode: "instant", scope: "all" })));
    expect(
      (
        await db.current.prisma.notificationPreference.findUniqueOrThrow({
          where: { workspaceId_userId: { workspaceId: workspace.id, userId: member.id } },
        })
      ).whatsappNumber,
    ).toBe("5511987654321");
    const bad = await callAction(member, () =>
      saveNotificationsAction(workspace.slug, {}, form({ mode: "none", scope: "all", whatsapp: "call me" })),
    );
    expect(bad.ok).toBe(false);
    expect(bad.fieldErrors).toHaveProperty("whatsappNumber");
    await callAction(member, () =>
      saveNotificationsAction(workspace.slug, {}, form({ mode: "none", scope: "all", whatsapp: "" })),
    );
    expect(
      (
        await db.current.prisma.notificationPreference.findUniqueOrThrow({
          where: { workspaceId_userId: { workspaceId: workspace.id, userId: member.id } },
        })
      ).whatsappNumber,
    ).toBeNull();
  });

  it("the CLI's notify set takes --whatsapp (and 'none' to stop); a bad number is refused with its field", async () => {
    const { workspace } = await setup("US");
    const member = await newMember(workspace.id, "member");
    let stdout = "";
    const io = { stdout: (text: string) => void (stdout += text), stderr: () => {} };
    await runCli(
      [
        "notify",
        "set",
        "--workspace",
        workspace.slug,
        "--email",
        member.email,
        "--mode",
        "none",
        "--whatsapp",
        "415 555 0123",
        "--json",
      ],
      io,
    );
    expect(JSON.parse(stdout)).toEqual({
      workspace: workspace.slug,
      email: member.email,
      mode: "none",
      links: [],
      whatsapp: "+14155550123",
    });
    stdout = "";
    await runCli(
      ["notify", "set", "--workspace", workspace.slug, "--email", member.email, "--mode", "none", "--whatsapp", "none", "--json"],
      io,
    );
    expect(JSON.parse(stdout)).toEqual({ workspace: workspace.slug, email: member.email, mode: "none", links: [] });
    expect(await fieldErrors(setNotificationPreference(workspace.id, member.id, { mode: "none", whatsappNumber: "12" }))).toEqual(
      {
        whatsappNumber: "invalid_phone",
      },
    );
  });
});

describe("delivery", () => {
  it("queues one message per opted-in member whose links match, with the lead as created, and sends each as documented", async () => {
    const { owner, workspace, link } = await setup();
    const other = await createLink(db.current, workspace.id);
    const first = await newMember(workspace.id, "member");
    const second = await newMember(workspace.id, "admin");
    const elsewhere = await newMember(workspace.id, "member");
    await newMember(workspace.id, "member"); // never opts in
    const numbers = [await optIn(workspace.id, first.id), await optIn(workspace.id, second.id, [link.id])];
    await optIn(workspace.id, elsewhere.id, [other.id]);
    await setNotificationPreference(workspace.id, owner.id, { mode: "instant" }); // email only

    const leadId = await ingest(link.token, { name: "Ana <Souza>", email: uniqueEmail(), telephone: "11 91234-5678" });
    // The runner turns the lead.created event into one message per member it concerns.
    const rows = await waitForRows(workspace.id, (all) => all.length >= numbers.length);
    expect(rows.map((row) => row.toNumber).sort()).toEqual([...numbers].sort());
    for (const row of rows) {
      expect(row).toMatchObject({ leadId, leadUrl: `http://localhost:3000/w/${workspace.slug}/leads/${leadId}` });
      // Until it is settled, a row holds what the template needs: the name, and the lead's E.164 digits (shown as on
      // screen in the template, below). The runner may already have sent it (a busy machine polls late): a settled
      // row has given them up, and the request the fake received shows what was sent.
      if (row.state !== "delivered") expect(row).toMatchObject({ leadName: "Ana <Souza>", leadPhone: "5511912345678" });
    }

    for (const number of numbers) {
      const [request] = await graph.waitFor(number, 1);
      expect(request!.method).toBe("POST");
      expect(request!.path).toBe(`/v21.0/${PHONE_NUMBER_ID}/messages`);
      expect(request!.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(request!.headers["content-type"]).toBe("application/json");
      expect(JSON.parse(request!.body)).toEqual({
        messaging_product: "whatsapp",
        to: number,
        type: "template",
        template: {
          name: "new_lead",
          language: { code: "pt_BR" },
          components: [
            {
              type: "body",
              parameters: [
                { type: "text", text: "Ana <Souza>" },
                { type: "text", text: "+55 11 91234-5678" },
                { type: "text", text: `http://localhost:3000/w/${workspace.slug}/leads/${leadId}` },
              ],
            },
          ],
        },
      });
    }
    const delivered = await waitForRows(workspace.id, (all) => all.every((row) => row.state === "delivered"));
    for (const row of delivered) {
      expect(row.attemptCount).toBe(1);
      expect(row.deliveredAt).not.toBeNull();
      // Settled: the person's name and phone leave the queue.
      expect([row.leadName, row.leadPhone]).toEqual([null, null]);
    }

    // An update of the same person is no new lead: nothing more is queued.
    await ingest(link.token, { telephone: "11 91234-5678", city: "Recife" });
    expect(await rowsOf(workspace.id)).toHaveLength(2);
  });

  it("uses the English template for an English workspace", async () => {
    const { workspace, link } = await setup("US");
    const member = await newMember(workspace.id, "member");
    const number = await optIn(workspace.id, member.id);
    await ingest(link.token, { name: "John Doe", telephone: "+1 415 555 0188" });
    const [request] = await graph.waitFor(number, 1);
    const body = JSON.parse(request!.body);
    expect(body.template.language).toEqual({ code: "en" });
    expect(body.template.components[0].parameters[1]).toEqual({ type: "text", text: "+1 415 555-0188" });
  });

  it("retries a failed send on the schedule with the same body, and records the Graph API's error meanwhile", async () => {
    const { workspace, link } = await setup();
    const member = await newMember(workspace.id, "member");
    const number = await optIn(workspace.id, member.id);
    graph.failNext(number, graphError(500, 131000, "Something went wrong"), graphError(429, 130429, "Rate limit hit"));
    await ingest(link.token, { name: "Bia", email: uniqueEmail() });
    const requests = await graph.waitFor(number, 3);
    expect(new Set(requests.map((request) => request.body)).size).toBe(1);
    const [row] = await waitForRows(workspace.id, (all) => all[0]?.state === "delivered");
    expect(row!.attemptCount).toBe(3);
    expect(row!.lastError).toBeNull();
  });

  it("fails for good once the schedule is used up, with the Graph API's message", async () => {
    const { workspace, link } = await setup();
    const member = await newMember(workspace.id, "member");
    const number = await optIn(workspace.id, member.id);
    const failure = graphError(400, 131026, "Message undeliverable");
    graph.failNext(number, failure, failure, failure, failure);
    await ingest(link.token, { name: "Caio", email: uniqueEmail() });
    const [row] = await waitForRows(workspace.id, (all) => all[0]?.state === "failed");
    expect(row!.attemptCount).toBe(4);
    expect(row!.lastError).toBe("Message undeliverable (code 131026)");
    expect(graph.to(number)).toHaveLength(4);
  });
});

describe("what writes no message, and what removes them", () => {
  it("erasing the lead deletes its messages, sent or still queued, and a queued one is never sent", async () => {
    const { workspace, link } = await setup();
    const member = await newMember(workspace.id, "member");
    const number = await optIn(workspace.id, member.id);
    // The Cloud API asks for a minute's pause: the message stays queued meanwhile.
    graph.failNext(number, { ...graphError(429, 130429, "Rate limit hit"), headers: { "retry-after": "60" } });
    const leadId = await ingest(link.token, { name: "Davi", telephone: "11 93333-4444" });
    await waitForRows(workspace.id, (all) => all[0]?.attemptCount === 1);
    expect((await rowsOf(workspace.id))[0]!.state).toBe("pending");
    const erased = await eraseLead({ workspaceId: workspace.id, leadId, actor: { kind: "cli" } });
    expect(erased.changed.whatsapp_messages).toBe(1);
    expect(await rowsOf(workspace.id)).toEqual([]);
    const dump = JSON.stringify(await db.current.prisma.whatsappMessage.findMany());
    expect(dump).not.toContain("Davi");
    expect(dump).not.toContain("3333-4444");
  });

  it("a member who leaves takes their queued messages along", async () => {
    const { workspace, link } = await setup();
    const member = await newMember(workspace.id, "member");
    const number = await optIn(workspace.id, member.id);
    graph.failNext(number, { ...graphError(429, 130429, "Rate limit hit"), headers: { "retry-after": "60" } });
    await ingest(link.token, { name: "Eva", email: uniqueEmail() });
    await waitForRows(workspace.id, (all) => all.length === 1);
    await db.current.prisma.membership.delete({
      where: { workspaceId_userId: { workspaceId: workspace.id, userId: member.id } },
    });
    expect(await rowsOf(workspace.id)).toEqual([]);
  });

  it("a dry run and a spam submission write none", async () => {
    const { workspace, link } = await setup();
    const member = await newMember(workspace.id, "member");
    await optIn(workspace.id, member.id);
    const dry = await postText(link.token, JSON.stringify({ name: "Dry", email: uniqueEmail() }), { "Leadlink-Dry-Run": "1" });
    expect(dry.status).toBeLessThan(300);
    expect(((await dry.json()) as { dryRun?: boolean }).dryRun).toBe(true);
    const trap = await createLink(db.current, workspace.id, { honeypotField: "website" });
    const spam = await postText(
      trap.token,
      JSON.stringify({ name: "Bot", email: uniqueEmail(), website: "http://spam.example" }),
    );
    expect(spam.status).toBeLessThan(300);
    expect(await db.current.prisma.submission.count({ where: { captureLinkId: trap.id, outcome: "spam" } })).toBe(1);
    await waitForEventsExpanded(db.current, workspace.id);
    expect(await rowsOf(workspace.id)).toEqual([]);
  });

  it("without WhatsApp configured on the server, nothing is queued even for members who opted in", async () => {
    const { workspace, link } = await setup();
    const member = await newMember(workspace.id, "member");
    await optIn(workspace.id, member.id);
    configure(false);
    await ingest(link.token, { name: "Fabi", email: uniqueEmail() });
    await waitForEventsExpanded(db.current, workspace.id);
    expect(await rowsOf(workspace.id)).toEqual([]);
    // Turned on again, the next lead is queued: the choice was kept.
    configure(true);
    const gabi = await ingest(link.token, { name: "Gabi", email: uniqueEmail() });
    const rows = await waitForRows(workspace.id, (all) => all.length > 0);
    expect(rows.map((row) => row.leadId)).toEqual([gabi]);
  });
});

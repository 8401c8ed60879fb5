// DESIGN.md section 16 through the WhatsApp channel (section 14): the assignee of a round-robin link is told of
// lead.assigned, and a lead still new past the link's response target (lead.response_overdue) is told to its
// owner and the workspace's admins, each with the template configured for it, in the workspace's language
// (pt-BR and English), sent by the real dispatcher to a local Cloud API that answers as the Graph API does.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detectOverdueLeads } from "@/lib/assignment/detect-overdue-leads";
import { setLinkAssignment } from "@/lib/assignment/set-link-assignment";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { resetEnv } from "@/lib/env";
import { setNotificationPreference } from "@/lib/notifications/set-notification-preference";
import { type Dispatcher, startDispatcher } from "@/lib/server/outbox";
import { useTestDatabase } from "../support/database";
import { type FakeWhatsapp, type GraphRequest, startFakeWhatsapp } from "../support/fake-whatsapp";
import { createLink } from "../support/fixtures";
import { post } from "../support/ingest-client";
import { newMember, newTenant } from "../support/tenants";

const db = useTestDatabase();
const TOKEN = "EAAG-test-token-assignment-0123";
const PHONE_NUMBER_ID = "106540352242923";
const names = [
  "WHATSAPP_TOKEN",
  "WHATSAPP_PHONE_NUMBER_ID",
  "WHATSAPP_API_URL",
  "WHATSAPP_ASSIGNED_TEMPLATE",
  "WHATSAPP_OVERDUE_TEMPLATE",
  "PUBLIC_BASE_URL",
];
const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
let graph: FakeWhatsapp;
let dispatcher: Dispatcher;

function setEnv(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  resetEnv();
}

beforeAll(async () => {
  graph = await startFakeWhatsapp({
    token: TOKEN,
    phoneNumberId: PHONE_NUMBER_ID,
    templates: ["new_lead", "lead_assigned", "response_overdue"],
  });
  setEnv("WHATSAPP_TOKEN", TOKEN);
  setEnv("WHATSAPP_PHONE_NUMBER_ID", PHONE_NUMBER_ID);
  setEnv("WHATSAPP_API_URL", graph.url);
  setEnv("WHATSAPP_ASSIGNED_TEMPLATE", "lead_assigned");
  setEnv("WHATSAPP_OVERDUE_TEMPLATE", "response_overdue");
  setEnv("PUBLIC_BASE_URL", "https://leads.example.com");
  invalidateCaptureLinks();
  dispatcher = startDispatcher(db.current, { pollMs: 50 });
});

afterAll(async () => {
  await dispatcher?.stop();
  await graph?.close();
  for (const name of names) setEnv(name, saved[name]);
  invalidateCaptureLinks();
});

let numbers = 0;
/** A mobile number no other test uses, as E.164 digits. */
function memberNumber() {
  return `55119${String(70_000_000 + ++numbers * 7919 + Math.floor(Math.random() * 1000)).slice(-8)}`;
}

async function optIn(workspaceId: string, userId: string) {
  const number = memberNumber();
  await setNotificationPreference(workspaceId, userId, { mode: "none", linkIds: [], whatsappNumber: `+${number}` });
  return number;
}

/** The template messages one number received with this template name, waiting until `count` arrived. */
async function templates(number: string, name: string, count = 1): Promise<GraphRequest[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = graph.to(number).filter((request) => JSON.parse(request.body).template?.name === name);
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`${found.length} of ${count} ${name} messages to ${number}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const cases = [
  { language: "pt-BR", code: "pt_BR", country: "BR", phone: "11 91234-5678", shown: "+55 11 91234-5678" },
  { language: "en", code: "en", country: "US", phone: "+1 415 555 0188", shown: "+1 415 555-0188" },
] as const;

describe.each(cases)("WhatsApp for assignment and response target ($language)", ({ language, code, country, phone, shown }) => {
  it("tells the assignee of lead.assigned, then the owner and the admins of lead.response_overdue, once", async () => {
    const { workspace } = await newTenant("ZapAssign");
    await db.current.prisma.workspace.update({ where: { id: workspace.id }, data: { country, language, timeZone: "UTC" } });
    const link = await createLink(db.current, workspace.id);
    const assignee = await newMember(workspace.id, "member");
    const admin = await newMember(workspace.id, "admin");
    const bystander = await newMember(workspace.id, "member");
    const [assigneeNumber, adminNumber, bystanderNumber] = [
      await optIn(workspace.id, assignee.id),
      await optIn(workspace.id, admin.id),
      await optIn(workspace.id, bystander.id),
    ];
    await setLinkAssignment(workspace.id, link.id, { roundRobin: true, assigneeIds: [assignee.id], responseTargetMinutes: 30 });

    const created = await post(link.token, { name: "Lead Atrasado", telephone: phone });
    expect(created.status).toBe(201);
    const leadId = (created.json as { leadId: string }).leadId;
    const parameters = [
      { type: "text", text: "Lead Atrasado" },
      { type: "text", text: shown },
      { type: "text", text: `https://leads.example.com/w/${workspace.slug}/leads/${leadId}` },
    ];
    const message = (to: string, template: string) => ({
      messaging_product: "whatsapp",
      to,
      type: "template",
      template: { name: template, language: { code }, components: [{ type: "body", parameters }] },
    });

    const [assigned] = await templates(assigneeNumber, "lead_assigned");
    expect(JSON.parse(assigned!.body)).toEqual(message(assigneeNumber, "lead_assigned"));
    expect(assigned!.headers.authorization).toBe(`Bearer ${TOKEN}`);

    expect(await detectOverdueLeads(db.current, new Date(Date.now() + 31 * 60_000))).toBe(1);
    for (const number of [assigneeNumber, adminNumber]) {
      const [overdue] = await templates(number, "response_overdue");
      expect(JSON.parse(overdue!.body)).toEqual(message(number, "response_overdue"));
    }
    // Detected once: a later tick finds nothing more to tell.
    expect(await detectOverdueLeads(db.current, new Date(Date.now() + 60 * 60_000))).toBe(0);
    // Each was told once; the bystander (neither owner nor admin) got the new lead only, never the assignment or the alert.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const told = (number: string, name: string) =>
      graph.to(number).filter((request) => JSON.parse(request.body).template?.name === name).length;
    expect([told(assigneeNumber, "lead_assigned"), told(assigneeNumber, "response_overdue")]).toEqual([1, 1]);
    expect([told(adminNumber, "lead_assigned"), told(adminNumber, "response_overdue")]).toEqual([0, 1]);
    expect([told(bystanderNumber, "lead_assigned"), told(bystanderNumber, "response_overdue")]).toEqual([0, 0]);
    expect(told(bystanderNumber, "new_lead")).toBe(1);
  }, 120_000);
});

// DESIGN.md section 15, rd_station: RD Station Marketing's conversion webhook {"leads": [...]} posted as RD Station
// documents it to the real /ingest/<token> handler: each lead one submission, first and last conversion as first
// and last touch, custom fields by name or label; and its webhooks API's {"contact": …} events.
import { describe, expect, it } from "vitest";
import { statement } from "@/lib/db/client";
import { createLink } from "@/lib/links/create-link";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { useTestDatabase } from "../support/database";
import { createField, createWorkspace } from "../support/fixtures";
import { expectProblem, postText, submissionsOf, uniqueEmail } from "../support/ingest-helpers";
import { rdStationContactEvent, rdStationLead } from "../support/source-payloads";

const db = useTestDatabase();

async function rdLink(options: { listen?: boolean } = {}) {
  const workspace = await createWorkspace(db.current);
  const link = await createLink(workspace.id, { name: "RD Station", source: "rd_station" });
  if (options.listen) await createEndpoint(workspace.id, { url: "https://hooks.example.com/leadlink" });
  return { workspace, link, token: link.token };
}

function send(token: string, leads: unknown[]) {
  return postText(token, JSON.stringify({ leads }));
}

describe("RD Station conversion webhooks", () => {
  it("stores each of two leads as its own submission and answers each one's result", async () => {
    const { workspace, link, token } = await rdLink({ listen: true });
    const [ana, bruno] = [uniqueEmail("ana"), uniqueEmail("bruno")];
    const response = await send(token, [
      rdStationLead({ email: ana, name: "Ana Lima", personal_phone: "(48) 3025-2598", mobile_phone: "" }),
      rdStationLead({
        email: bruno,
        name: "Bruno Reis",
        personal_phone: "",
        mobile_phone: "48 99999-0000",
        state: "Santa Catarina",
      }),
    ]);
    expect(response.status).toBe(200);
    const { results } = await response.json();
    expect(results).toEqual([
      expect.objectContaining({ status: 201, created: true }),
      expect.objectContaining({ status: 201, created: true }),
    ]);
    const leads = await db.current.prisma.lead.findMany({ where: { workspaceId: workspace.id }, orderBy: { name: "asc" } });
    expect(leads).toMatchObject([
      { name: "Ana Lima", email: ana, phone: "554830252598", city: "Florianópolis", state: "SC", profession: "Analista" },
      { name: "Bruno Reis", email: bruno, phone: "5548999990000", state: "SC" },
    ]);
    const rows = await submissionsOf(db.current, link.id);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.outcome === "created" && row.payload?.includes(ana))).toBe(true);
    expect(rows.map((row) => (row.sourceData as { mapped: { email: string } }).mapped.email).sort()).toEqual([ana, bruno].sort());
    expect((rows[0]!.sourceData as { platform: Record<string, unknown> }).platform).toMatchObject({
      lead_stage: "Lead",
      tags: ["tag 1", "tag 2"],
    });
    const events = await db.current.sql<{ type: string }>(
      statement(`SELECT type FROM events WHERE workspace_id = $1::uuid`, [workspace.id]),
    );
    expect(events.map((event) => event.type)).toEqual(["lead.created", "lead.created"]);
  });

  it("stores the valid lead of two and logs the invalid one as rejected, each answered in order", async () => {
    const { workspace, link, token } = await rdLink();
    const good = uniqueEmail("good");
    const response = await send(token, [
      rdStationLead({ email: "not an email", name: "Wrong" }),
      rdStationLead({ email: good, name: "Right" }),
    ]);
    expect(response.status).toBe(200);
    const { results } = await response.json();
    expect(results[0]).toMatchObject({
      status: 422,
      code: "validation_failed",
      errors: [expect.objectContaining({ field: "email" })],
    });
    expect(results[1]).toMatchObject({ status: 201, created: true });
    expect(await db.current.prisma.lead.count({ where: { workspaceId: workspace.id } })).toBe(1);
    const rows = await submissionsOf(db.current, link.id);
    expect(rows.map((row) => [row.outcome, row.errorCode]).sort()).toEqual([
      ["created", null],
      ["rejected", "validation_failed"],
    ]);
    const rejected = rows.find((row) => row.outcome === "rejected")!;
    expect(rejected.sourceData).toMatchObject({ mapped: { email: "not an email", name: "Wrong" } });
  });

  it("sends cf_* fields and custom_fields to custom fields by name or label; company to custom fields", async () => {
    const { workspace, token } = await rdLink();
    const budget = await createField(db.current, workspace.id, { name: "orcamento", label: "Orçamento" });
    const interest = await createField(db.current, workspace.id, { name: "interesse", label: "Interesse" });
    const message = await createField(db.current, workspace.id, { name: "mensagem", label: "Mensagem" });
    const company = await createField(db.current, workspace.id, { name: "company", label: "Empresa" });
    const response = await send(token, [
      rdStationLead({
        email: uniqueEmail(),
        cf_orcamento: "R$ 5.000",
        cf_interesse: ["Option1", "Option2"],
        custom_fields: { Mensagem: "Quero uma demonstração" },
        cf_unknown_field: "x",
      }),
    ]);
    expect(response.status).toBe(201);
    const answer = await response.json();
    expect(answer.warnings).toEqual([
      expect.objectContaining({ field: "customFields.unknown_field", code: "unknown_custom_field" }),
    ]);
    const lead = await db.current.prisma.lead.findUniqueOrThrow({ where: { id: answer.leadId } });
    expect(lead.customFields).toEqual({
      [budget.id]: "R$ 5.000",
      [interest.id]: "Option1, Option2",
      [message.id]: "Quero uma demonstração",
      [company.id]: "Resultados Digitais",
    });
  });

  it("keeps the first conversion as the lead's first touch and the last as its last touch", async () => {
    const { link, token } = await rdLink();
    const email = uniqueEmail();
    const response = await send(token, [
      rdStationLead(
        { email },
        {
          first: { source: "google", medium: "cpc", campaign: "ebook-verao" },
          last: { source: "facebook", medium: "social", campaign: "webinar-outono" },
        },
      ),
    ]);
    const lead = await db.current.prisma.lead.findUniqueOrThrow({ where: { id: (await response.json()).leadId } });
    expect(lead).toMatchObject({
      firstUtmSource: "google",
      firstUtmMedium: "cpc",
      firstUtmCampaign: "ebook-verao",
      lastUtmSource: "facebook",
      lastUtmMedium: "social",
      lastUtmCampaign: "webinar-outono",
    });
    const [row] = await submissionsOf(db.current, link.id);
    expect(row).toMatchObject({ utmSource: "facebook", utmCampaign: "webinar-outono" });

    // A later conversion of the same contact: a new submission; the first touch stays, the last moves.
    const again = await send(token, [
      rdStationLead(
        { email },
        {
          first: { source: "google", medium: "cpc" },
          last: { source: "email", medium: "newsletter" },
          at: "2026-11-28T09:00:00-03:00",
        },
      ),
    ]);
    expect(again.status).toBe(200);
    const updated = await db.current.prisma.lead.findUniqueOrThrow({ where: { id: lead.id } });
    expect(updated).toMatchObject({
      firstUtmSource: "google",
      firstUtmCampaign: "ebook-verao",
      lastUtmSource: "email",
      lastUtmCampaign: null,
    });
  });

  it("stores a resent conversion once", async () => {
    const { workspace, link, token } = await rdLink();
    const lead = rdStationLead({ email: uniqueEmail() });
    expect((await send(token, [lead])).status).toBe(201);
    expect((await send(token, [lead])).status).toBe(201);
    expect(await db.current.prisma.lead.count({ where: { workspaceId: workspace.id } })).toBe(1);
    expect(await db.current.prisma.submission.count({ where: { captureLinkId: link.id } })).toBe(1);
  });

  it("refuses a body without a leads array (422) and invalid JSON (400), both logged", async () => {
    const { link, token } = await rdLink();
    await expectProblem(await postText(token, JSON.stringify({ lead: {} })), 422, "validation_failed");
    await expectProblem(await postText(token, "{"), 400, "invalid_json");
    await expectProblem(await send(token, []), 422, "validation_failed");
    const rows = await submissionsOf(db.current, link.id);
    expect(rows.map((row) => row.errorCode)).toEqual(["validation_failed", "invalid_json", "validation_failed"]);
  });

  it("stores the webhooks API's contact event as documented: fields, cf_* and company to custom fields, the funnel kept", async () => {
    const { workspace, link, token } = await rdLink({ listen: true });
    await createField(db.current, workspace.id, { name: "custom_field_example", label: "Exemplo" });
    await createField(db.current, workspace.id, { name: "company", label: "Empresa" });
    const email = uniqueEmail("contato");
    const event = rdStationContactEvent({ email, name: "Tatiane Gonçalves" });
    const response = await postText(token, JSON.stringify(event));
    expect(response.status).toBe(201);
    const { leadId } = await response.json();
    const lead = await db.current.prisma.lead.findUniqueOrThrow({ where: { id: leadId } });
    expect(lead).toMatchObject({
      workspaceId: workspace.id,
      name: "Tatiane Gonçalves",
      email,
      phone: "554830252598",
      city: "Florianópolis",
      profession: "Developer",
    });
    expect(Object.values(lead.customFields as Record<string, unknown>).sort()).toEqual(["Company Example 0", "Option1, Option2"]);
    const [row] = await submissionsOf(db.current, link.id);
    expect((row!.sourceData as { platform: Record<string, unknown> }).platform).toMatchObject({
      uuid: event.contact.uuid,
      event_type: "WEBHOOK.CONVERTED",
      event_identifier: "ebook-abc",
      funnel: { lifecycle_stage: "Lead", origin: "Busca Paga | Google" },
      legal_bases: [{ category: "communications", type: "consent", status: "granted" }],
    });
    const events = await db.current.sql<{ type: string }>(
      statement(`SELECT type FROM events WHERE workspace_id = $1::uuid`, [workspace.id]),
    );
    expect(events.map((row) => row.type)).toEqual(["lead.created"]);
  });

  it("stores a resent contact event once, and the contact's next event as a new submission of the same lead", async () => {
    const { workspace, link, token } = await rdLink();
    const uuid = crypto.randomUUID();
    const email = uniqueEmail();
    const first = JSON.stringify(rdStationContactEvent({ email }, { uuid }));
    expect((await postText(token, first)).status).toBe(201);
    expect((await postText(token, first)).status).toBe(201);
    const opportunity = rdStationContactEvent(
      { email },
      { uuid, eventType: "WEBHOOK.MARKED_OPPORTUNITY", at: "2026-11-28T09:00:00.000-03:00" },
    );
    expect((await postText(token, JSON.stringify(opportunity))).status).toBe(200);
    expect(await db.current.prisma.lead.count({ where: { workspaceId: workspace.id } })).toBe(1);
    expect(await db.current.prisma.submission.count({ where: { captureLinkId: link.id } })).toBe(2);
  });

  it("refuses a contact event whose contact is not an object, naming both shapes", async () => {
    const { token } = await rdLink();
    const problem = await expectProblem(
      await postText(token, JSON.stringify({ event_type: "WEBHOOK.CONVERTED", contact: "x" })),
      422,
      "validation_failed",
    );
    expect(problem.detail).toContain('{"contact": {...}}');
  });

  it("keeps each workspace's leads to its own link", async () => {
    const one = await rdLink();
    const other = await rdLink();
    const email = uniqueEmail();
    await send(one.token, [rdStationLead({ email })]);
    await send(other.token, [rdStationLead({ email, name: "Other" })]);
    const [a, b] = await Promise.all(
      [one, other].map(({ workspace }) => db.current.prisma.lead.findMany({ where: { workspaceId: workspace.id } })),
    );
    expect(a!).toHaveLength(1);
    expect(b!).toMatchObject([{ name: "Other" }]);
    expect(a![0]!.id).not.toBe(b![0]!.id);
  });
});

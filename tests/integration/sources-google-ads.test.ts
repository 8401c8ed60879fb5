// DESIGN.md section 15, google_ads: Google Ads lead form webhooks posted as Google documents them to the real
// /ingest/<token> handler; the stored lead, its UTM, the request log (source_data, dry run) and the events.
import { describe, expect, it } from "vitest";
import { statement } from "@/lib/db/client";
import { createLink } from "@/lib/links/create-link";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { useTestDatabase } from "../support/database";
import { createField, createWorkspace } from "../support/fixtures";
import { expectProblem, postText, submissionsOf, uniqueEmail } from "../support/ingest-helpers";
import { googleAdsLead } from "../support/source-payloads";

const db = useTestDatabase();

async function googleLink(options: { listen?: boolean } = {}) {
  const workspace = await createWorkspace(db.current);
  const link = await createLink(workspace.id, { name: "Google Ads form", source: "google_ads" });
  if (options.listen) await createEndpoint(workspace.id, { url: "https://hooks.example.com/leadlink" });
  const key = link.sourceSettings?.key as string;
  return { workspace, link, token: link.token, key };
}

function eventsOf(workspaceId: string) {
  return db.current.sql<{ type: string; lead_id: string; data: { lead: Record<string, unknown> } }>(
    statement(`SELECT type, lead_id, data FROM events WHERE workspace_id = $1::uuid ORDER BY created_at, type`, [workspaceId]),
  );
}

function send(token: string, body: unknown) {
  return postText(token, JSON.stringify(body), { "user-agent": "Google-Ads-Lead-Forms" });
}

describe("Google Ads lead form webhooks", () => {
  it("stores the documented full lead, answers 200, keeps the raw body, the mapped lead and Google's ids, writes lead.created", async () => {
    const { workspace, link, token, key } = await googleLink({ listen: true });
    await createField(db.current, workspace.id, { name: "company", label: "Company Name" });
    const email = uniqueEmail("google");
    const body = googleAdsLead(key, [
      { column_name: "Full Name", string_value: "Maria Souza", column_id: "FULL_NAME" },
      { column_name: "User Email", string_value: email.toUpperCase(), column_id: "EMAIL" },
      { column_name: "User Phone", string_value: "+55 11 98765-4321", column_id: "PHONE_NUMBER" },
      { column_name: "City", string_value: "Campinas", column_id: "CITY" },
      { column_name: "Region", string_value: "São Paulo", column_id: "REGION" },
      { column_name: "Postal Code", string_value: "13010-000", column_id: "POSTAL_CODE" },
      { column_name: "Country", string_value: "BR", column_id: "COUNTRY" },
      { column_name: "Street Address", string_value: "Rua Barão de Jaguara, 100", column_id: "STREET_ADDRESS" },
      { column_name: "Company Name", string_value: "Acme Ltda", column_id: "COMPANY_NAME" },
      { column_name: "Job Title", string_value: "Engenheira", column_id: "JOB_TITLE" },
    ]);
    const raw = JSON.stringify(body);
    const response = await postText(token, raw);
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toMatchObject({ created: true, warnings: [] });

    const lead = await db.current.prisma.lead.findUniqueOrThrow({ where: { id: answer.leadId } });
    expect(lead).toMatchObject({
      workspaceId: workspace.id,
      name: "Maria Souza",
      email,
      phone: "5511987654321",
      city: "Campinas",
      state: "SP",
      profession: "Engenheira",
      address: { zipCode: "13010-000", country: "BR", street: "Rua Barão de Jaguara, 100" },
      firstUtmSource: "google",
      firstUtmMedium: "cpc",
      firstUtmCampaign: "20000000000",
      firstUtmContent: "50000000000",
      lastUtmSource: "google",
      lastUtmCampaign: "20000000000",
    });
    const company = await db.current.prisma.customField.findFirstOrThrow({ where: { workspaceId: workspace.id } });
    expect(lead.customFields).toEqual({ [company.id]: "Acme Ltda" });

    const [row] = await submissionsOf(db.current, link.id);
    expect(row).toMatchObject({
      outcome: "created",
      status: 201,
      payload: raw,
      leadId: answer.leadId,
      idempotencyKey: body.lead_id,
      dryRun: false,
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "20000000000",
      utmContent: "50000000000",
    });
    expect(row!.sourceData).toMatchObject({
      mapped: { name: "Maria Souza", email: email.toUpperCase(), telephone: "+55 11 98765-4321", utmSource: "google" },
      platform: {
        lead_id: body.lead_id,
        form_id: 40000000000,
        campaign_id: 20000000000,
        adgroup_id: 30000000000,
        creative_id: 50000000000,
        gcl_id: body.gcl_id,
      },
    });
    const events = await eventsOf(workspace.id);
    expect(events.map((event) => event.type)).toEqual(["lead.created"]);
    expect(events[0]!.data.lead).toMatchObject({ id: answer.leadId, name: "Maria Souza", email });
  });

  it("joins FIRST_NAME and LAST_NAME, takes WORK_EMAIL and WORK_PHONE, and sends custom questions to custom fields by name", async () => {
    const { workspace, token, key } = await googleLink();
    const budget = await createField(db.current, workspace.id, { name: "budget", label: "What is your budget?" });
    const email = uniqueEmail("work");
    const response = await send(
      token,
      googleAdsLead(key, [
        { column_name: "First Name", string_value: "João", column_id: "FIRST_NAME" },
        { column_name: "Last Name", string_value: "da Silva", column_id: "LAST_NAME" },
        { column_name: "Work Email", string_value: email, column_id: "WORK_EMAIL" },
        { column_name: "Work Phone", string_value: "(21) 3333-4444", column_id: "WORK_PHONE" },
        { column_name: "What is your budget?", string_value: "R$ 10 mil", column_id: "what_is_your_budget?" },
        { column_name: "Preferred dealership", string_value: "Centro", column_id: "QUESTION_1" },
      ]),
    );
    expect(response.status).toBe(200);
    const answer = await response.json();
    // A question no custom field matches: the pipeline's usual warning, and the lead is stored.
    expect(answer.warnings).toEqual([
      expect.objectContaining({ field: "customFields.Preferred dealership", code: "unknown_custom_field" }),
    ]);
    const lead = await db.current.prisma.lead.findUniqueOrThrow({ where: { id: answer.leadId } });
    expect(lead).toMatchObject({ name: "João da Silva", email, phone: "552133334444" });
    expect(lead.customFields).toEqual({ [budget.id]: "R$ 10 mil" });
  });

  it("answers an is_test lead 200 and records it as a dry run, with no lead written", async () => {
    const { workspace, link, token, key } = await googleLink({ listen: true });
    const response = await send(
      token,
      googleAdsLead(key, [{ column_name: "User Email", string_value: "test@example.com", column_id: "EMAIL" }], {
        is_test: true,
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ created: true, dryRun: true });
    expect(await db.current.prisma.lead.count({ where: { workspaceId: workspace.id } })).toBe(0);
    const [row] = await submissionsOf(db.current, link.id);
    expect(row).toMatchObject({ dryRun: true, leadId: null });
    expect(await eventsOf(workspace.id)).toEqual([]);
  });

  it("refuses a wrong or missing google_key with 403 invalid_source_key, logged, nothing stored", async () => {
    const { workspace, link, token, key } = await googleLink();
    const columns = [{ column_name: "User Email", string_value: uniqueEmail(), column_id: "EMAIL" }];
    await expectProblem(await send(token, googleAdsLead(`${key}x`, columns)), 403, "invalid_source_key");
    const { google_key: _dropped, ...keyless } = googleAdsLead(key, columns);
    await expectProblem(await send(token, keyless), 403, "invalid_source_key");
    expect(await db.current.prisma.lead.count({ where: { workspaceId: workspace.id } })).toBe(0);
    const rows = await submissionsOf(db.current, link.id);
    expect(rows.map((row) => [row.outcome, row.status, row.errorCode])).toEqual([
      ["rejected", 403, "invalid_source_key"],
      ["rejected", 403, "invalid_source_key"],
    ]);
  });

  it("stores a lead with missing columns (a warning, no failure); a bad email is a 422 naming it", async () => {
    const { link, token, key } = await googleLink();
    const empty = await send(token, googleAdsLead(key, []));
    expect(empty.status).toBe(200);
    expect((await empty.json()).warnings).toEqual([expect.objectContaining({ code: "no_identity" })]);
    const problem = await expectProblem(
      await send(token, googleAdsLead(key, [{ column_name: "User Email", string_value: "not-an-email", column_id: "EMAIL" }])),
      422,
      "validation_failed",
    );
    expect(problem.errors.map((issue: { field: string }) => issue.field)).toEqual(["email"]);
    const rows = await submissionsOf(db.current, link.id);
    expect(rows.map((row) => row.outcome)).toEqual(["created", "rejected"]);
    expect(rows[1]!.sourceData).toMatchObject({ mapped: { email: "not-an-email", utmSource: "google" } });
  });

  it("stores a retried lead_id once and answers the retry as the first time", async () => {
    const { workspace, link, token, key } = await googleLink();
    const body = googleAdsLead(key, [{ column_name: "User Email", string_value: uniqueEmail(), column_id: "EMAIL" }]);
    const first = await send(token, body);
    const again = await send(token, body);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect((await again.json()).leadId).toBe((await first.json()).leadId);
    expect(await db.current.prisma.lead.count({ where: { workspaceId: workspace.id } })).toBe(1);
    expect(await db.current.prisma.submission.count({ where: { captureLinkId: link.id } })).toBe(1);
  });

  it("keeps the body's own UTM values over Google's campaign", async () => {
    const { token, key } = await googleLink();
    const response = await send(
      token,
      googleAdsLead(key, [{ column_name: "User Email", string_value: uniqueEmail(), column_id: "EMAIL" }], {
        utm_source: "newsletter",
        utm_campaign: "black-friday",
      }),
    );
    const lead = await db.current.prisma.lead.findUniqueOrThrow({ where: { id: (await response.json()).leadId } });
    expect(lead).toMatchObject({ lastUtmSource: "newsletter", lastUtmCampaign: "black-friday", lastUtmMedium: null });
  });

  it("checks each link against its own key: another workspace's Google link refuses this one's key", async () => {
    const one = await googleLink();
    const other = await googleLink();
    const columns = [{ column_name: "User Email", string_value: uniqueEmail(), column_id: "EMAIL" }];
    await expectProblem(await send(other.token, googleAdsLead(one.key, columns)), 403, "invalid_source_key");
    const accepted = await send(one.token, googleAdsLead(one.key, columns));
    expect(accepted.status).toBe(200);
    expect(await db.current.prisma.lead.count({ where: { workspaceId: other.workspace.id } })).toBe(0);
    expect(await db.current.prisma.lead.count({ where: { workspaceId: one.workspace.id } })).toBe(1);
  });
});

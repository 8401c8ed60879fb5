// Issue 3 (admin UI), leads: the leads table's search, filters, sorts and keyset pages, and the CSV export,
// against the real database with leads sent through the real ingest route; tenancy across two workspaces.

import { beforeAll, describe, expect, it } from "vitest";
import { createField } from "@/lib/fields/create-field";
import { exportLeads } from "@/lib/leads/export-leads";
import { listLeadPage, listLeads } from "@/lib/leads/list-leads";
import { createLink } from "@/lib/links/create-link";
import { parseCsv } from "../support/csv";
import { useTestDatabase } from "../support/database";
import { cpf } from "../support/documents";
import { post } from "../support/ingest-client";
import { errorCode, fieldErrors, newTenant, unique } from "../support/tenants";

const db = useTestDatabase();

interface Seeded {
  workspaceId: string;
  otherWorkspaceId: string;
  siteLinkId: string;
  adsLinkId: string;
  otherLinkId: string;
  ids: Record<string, string>;
}

const seeded = {} as Seeded;

async function lead(token: string, body: Record<string, unknown>): Promise<string> {
  const response = await post(token, body);
  expect(response.status, JSON.stringify(response.json)).toBe(201);
  return response.json!.leadId as string;
}

async function setCreatedAt(id: string, iso: string, updatedIso = iso) {
  await db.current.prisma.lead.update({ where: { id }, data: { createdAt: new Date(iso), updatedAt: new Date(updatedIso) } });
}

async function names(filter: Parameters<typeof listLeadPage>[1], workspaceId = seeded.workspaceId): Promise<(string | null)[]> {
  return (await listLeadPage(workspaceId, filter, { limit: 100 })).leads.map((row) => row.name);
}

beforeAll(async () => {
  const { workspace } = await newTenant("Leads");
  const { workspace: other } = await newTenant("Other");
  const site = await createLink(workspace.id, { name: "Website" });
  const ads = await createLink(workspace.id, { name: "Ads landing" });
  const foreign = await createLink(other.id, { name: "Foreign" });
  Object.assign(seeded, {
    workspaceId: workspace.id,
    otherWorkspaceId: other.id,
    siteLinkId: site.id,
    adsLinkId: ads.id,
    otherLinkId: foreign.id,
    ids: {},
  });
  const ids = seeded.ids;
  ids.ana = await lead(site.token, {
    name: "Ána Souza",
    email: "Ana.Souza@Gmail.com",
    telephone: "+55 (11) 98765-4321",
    utmSource: "Google",
    utmMedium: "cpc",
    utmCampaign: "black-friday",
  });
  ids.bruno = await lead(ads.token, {
    name: "Bruno Lima",
    email: "bruno@empresa.com.br",
    telephone: "21 99876-5432",
    document: cpf("529982247"),
    utmSource: "facebook",
    utmMedium: "paid-social",
    utmCampaign: "spring",
  });
  ids.carla = await lead(ads.token, {
    name: "carla silva",
    email: "carla.silva@hotmail.com",
    utmSource: "facebook",
    utmMedium: "social",
  });
  ids.davi = await lead(site.token, { name: "Davi Silva", telephone: "11 3456-7890" });
  ids.nameless = await lead(site.token, { email: "someone@example.com", utmSource: "newsletter" });
  ids.formula = await lead(site.token, {
    name: '=HYPERLINK("http://evil.example","x")',
    email: "formula@example.com",
    city: "+cmd",
    profession: "@SUM(1)",
  });
  await setCreatedAt(ids.ana, "2026-01-10T12:00:00Z", "2026-06-01T00:00:00Z");
  await setCreatedAt(ids.bruno, "2026-02-01T00:00:00Z");
  await setCreatedAt(ids.carla, "2026-02-01T23:59:59.999Z");
  await setCreatedAt(ids.davi, "2026-03-05T08:00:00Z");
  await setCreatedAt(ids.nameless, "2026-04-01T00:00:00Z");
  await setCreatedAt(ids.formula, "2026-05-01T00:00:00Z");
  // Another workspace with a lead that matches every search and filter below.
  const otherLink = await db.current.prisma.captureLink.findUniqueOrThrow({ where: { id: foreign.id }, select: { token: true } });
  await lead(otherLink.token, {
    name: "Ana Souza Silva",
    email: "ana.souza@gmail.com",
    telephone: "11987654321",
    utmSource: "google",
    utmMedium: "cpc",
    utmCampaign: "black-friday",
  });
});

describe("the leads table", () => {
  it("lists the workspace's leads newest first by default, never another workspace's", async () => {
    expect(await names({})).toEqual([
      '=HYPERLINK("http://evil.example","x")',
      null,
      "Davi Silva",
      "carla silva",
      "Bruno Lima",
      "Ána Souza",
    ]);
    const page = await listLeadPage(seeded.workspaceId, {});
    expect(page.leads[0]).toMatchObject({ id: seeded.ids.formula, captureLinkId: seeded.siteLinkId });
    expect(page.leads.find((row) => row.id === seeded.ids.ana)).toMatchObject({
      telephone: "5511987654321",
      utmSource: "Google",
      utmMedium: "cpc",
      utmCampaign: "black-friday",
    });
    expect(page.nextCursor).toBeUndefined();
    expect(page.previousCursor).toBeUndefined();
  });

  it("sorts oldest first, by last activity, and by name A→Z ignoring case and accents, unnamed leads last", async () => {
    expect(await names({ sort: "oldest" })).toEqual([
      "Ána Souza",
      "Bruno Lima",
      "carla silva",
      "Davi Silva",
      null,
      '=HYPERLINK("http://evil.example","x")',
    ]);
    expect((await names({ sort: "updated" }))[0]).toBe("Ána Souza");
    expect(await names({ sort: "name" })).toEqual([
      '=HYPERLINK("http://evil.example","x")',
      "Ána Souza",
      "Bruno Lima",
      "carla silva",
      "Davi Silva",
      null,
    ]);
  });

  it("searches name, email, phone and document, ignoring case and accents, phone digits as typed", async () => {
    expect(await names({ q: "ana souza" })).toEqual(["Ána Souza"]);
    expect(await names({ q: "SOUZA ána" })).toEqual(["Ána Souza"]);
    expect(await names({ q: "silva" })).toEqual(["Davi Silva", "carla silva"]);
    expect(await names({ q: "GMAIL.com" })).toEqual(["Ána Souza"]);
    expect(await names({ q: "(11) 98765-43" })).toEqual(["Ána Souza"]);
    expect(await names({ q: "+55 21 99876" })).toEqual(["Bruno Lima"]);
    expect(await names({ q: "529.982" })).toEqual(["Bruno Lima"]);
    expect(await names({ q: "someone@" })).toEqual([null]);
    expect(await names({ q: "100%" })).toEqual([]);
    expect(await names({ q: "_" })).toEqual([]);
    expect(await names({ q: "nobody-like-this" })).toEqual([]);
  });

  it("filters by capture link, UTM source, medium and campaign (either touch, any case) and by UTC days", async () => {
    expect(await names({ link: seeded.adsLinkId })).toEqual(["carla silva", "Bruno Lima"]);
    expect(await names({ utm_source: "FACEBOOK" })).toEqual(["carla silva", "Bruno Lima"]);
    expect(await names({ utm_source: "facebook", utm_medium: "social" })).toEqual(["carla silva"]);
    expect(await names({ utm_campaign: "black-friday" })).toEqual(["Ána Souza"]);
    expect(await names({ utm_source: "google", link: seeded.adsLinkId })).toEqual([]);
    expect(await names({ from: "2026-02-01", to: "2026-02-01" })).toEqual(["carla silva", "Bruno Lima"]);
    expect(await names({ from: "2026-03-01" })).toHaveLength(3);
    expect(await names({ to: "2026-01-31" })).toEqual(["Ána Souza"]);
    expect(await names({ q: "silva", link: seeded.siteLinkId, sort: "name" })).toEqual(["Davi Silva"]);
  });

  it("a UTM filter matches the last touch too", async () => {
    const link = await db.current.prisma.captureLink.findUniqueOrThrow({
      where: { id: seeded.siteLinkId },
      select: { token: true },
    });
    const response = await post(link.token, { email: "davi.last@example.com", telephone: "11 3456-7890", utmSource: "tiktok" });
    expect(response.status).toBe(200);
    expect(await names({ utm_source: "tiktok" })).toEqual(["Davi Silva"]);
  });

  it("gives nothing for another workspace's link and never shows the other workspace's matching lead", async () => {
    expect(await names({ link: seeded.otherLinkId })).toEqual([]);
    expect(await names({ q: "ana souza silva" })).toEqual([]);
    expect(await names({ q: "ana" }, seeded.otherWorkspaceId)).toEqual(["Ana Souza Silva"]);
  });

  it("refuses a bad filter naming each field", async () => {
    expect(
      await fieldErrors(listLeadPage(seeded.workspaceId, { link: "not-a-uuid", from: "2026-02-30", sort: "random" })),
    ).toEqual({
      link: "invalid_format",
      from: "invalid_date",
      sort: "invalid_value",
    });
    expect(await fieldErrors(listLeadPage(seeded.workspaceId, { from: "2026-03-01", to: "2026-02-01" }))).toEqual({
      to: "date_range",
    });
    expect(await errorCode(listLeadPage(seeded.workspaceId, { q: "x".repeat(201) }))).toBe("validation_failed");
    // Empty form fields are no filter at all.
    expect(await names({ q: "", link: "", utm_source: " ", from: "", sort: "" })).toHaveLength(6);
  });
});

describe("keyset pages", () => {
  for (const sort of ["newest", "oldest", "updated", "name"] as const) {
    it(`walk every lead once forward and back (${sort})`, async () => {
      const all = (await listLeadPage(seeded.workspaceId, { sort }, { limit: 100 })).leads.map((row) => row.id);
      const forward: string[][] = [];
      let page = await listLeadPage(seeded.workspaceId, { sort }, { limit: 2 });
      forward.push(page.leads.map((row) => row.id));
      const cursors: (string | undefined)[] = [undefined];
      while (page.nextCursor) {
        cursors.push(page.nextCursor);
        page = await listLeadPage(seeded.workspaceId, { sort }, { limit: 2, after: page.nextCursor });
        forward.push(page.leads.map((row) => row.id));
      }
      expect(forward.flat()).toEqual(all);
      expect(forward).toHaveLength(3);
      // Back from the last page through Previous links: the same pages in reverse.
      const backward: string[][] = [page.leads.map((row) => row.id)];
      while (page.previousCursor) {
        page = await listLeadPage(seeded.workspaceId, { sort }, { limit: 2, after: page.previousCursor });
        backward.unshift(page.leads.map((row) => row.id));
      }
      expect(backward).toEqual(forward);
      expect(page.previousCursor).toBeUndefined();
    });
  }

  it("ignore a tampered cursor or one of another sort (the first page is shown)", async () => {
    const first = await listLeadPage(seeded.workspaceId, {}, { limit: 2 });
    const second = await listLeadPage(seeded.workspaceId, {}, { limit: 2, after: first.nextCursor });
    expect(second.leads[0]!.id).not.toBe(first.leads[0]!.id);
    expect(
      (await listLeadPage(seeded.workspaceId, { sort: "name" }, { limit: 2, after: first.nextCursor })).previousCursor,
    ).toBeUndefined();
    expect((await listLeadPage(seeded.workspaceId, {}, { limit: 2, after: "garbage!" })).leads.map((row) => row.id)).toEqual(
      first.leads.map((row) => row.id),
    );
  });

  it("keep the filter on later pages", async () => {
    const first = await listLeadPage(seeded.workspaceId, { q: "silva" }, { limit: 1 });
    const second = await listLeadPage(seeded.workspaceId, { q: "silva" }, { limit: 1, after: first.nextCursor });
    expect([...first.leads, ...second.leads].map((row) => row.name)).toEqual(["Davi Silva", "carla silva"]);
    expect(second.nextCursor).toBeUndefined();
  });
});

describe("the CLI's lead list", () => {
  it("still lists newest first with its limit", async () => {
    const leads = await listLeads(seeded.workspaceId, { limit: 2 });
    expect(leads.map((row) => row.name)).toEqual(['=HYPERLINK("http://evil.example","x")', null]);
  });
});

async function csv(workspaceId: string, filter: Parameters<typeof exportLeads>[1], batchSize?: number): Promise<string[][]> {
  const { chunks } = await exportLeads(workspaceId, filter, { batchSize });
  let text = "";
  for await (const chunk of chunks) text += chunk;
  return parseCsv(text);
}

describe("the CSV export", () => {
  it("has one header row, standard fields, both touches and custom fields by label, in batches", async () => {
    const { workspace } = await newTenant("Export");
    const link = await createLink(workspace.id, { name: "Form" });
    const plan = await createField(workspace.id, {
      name: "plan",
      label: "Plano escolhido",
      type: "select",
      options: ["basic", "pro"],
    });
    await createField(workspace.id, { name: "seats", label: "Seats", type: "number" });
    const token = (await db.current.prisma.captureLink.findUniqueOrThrow({ where: { id: link.id }, select: { token: true } }))
      .token;
    for (let i = 0; i < 7; i++)
      await lead(token, { name: `Lead ${i}`, email: `${unique("csv")}@example.com`, customFields: { plan: "pro", seats: -3 } });
    const id = await lead(token, {
      name: "Zed",
      email: "zed@example.com",
      city: "Recife",
      address: { street: "Rua A", zipCode: "50000-000" },
      utmSource: "google",
      utmTerm: "crm",
    });
    expect((await post(token, { email: "zed@example.com", utmSource: "=cmd|' /C calc'!A0" })).status).toBe(200);

    const rows = await csv(workspace.id, {}, 3);
    const [header, ...body] = rows;
    expect(header).toEqual(
      expect.arrayContaining([
        "id",
        "name",
        "email",
        "telephone",
        "document",
        "address_street",
        "address_zipCode",
        "capture_link",
        "first_utm_source",
        "last_utm_source",
        "last_utm_term",
        "created_at",
        "updated_at",
        "Plano escolhido",
        "Seats",
      ]),
    );
    expect(body).toHaveLength(8);
    expect(rows.filter((row) => row[0] === "id")).toHaveLength(1);
    const column = (name: string) => header!.indexOf(name);
    const zed = body.find((row) => row[0] === id)!;
    expect(zed[column("name")]).toBe("Zed");
    expect(zed[column("city")]).toBe("Recife");
    expect(zed[column("address_street")]).toBe("Rua A");
    expect(zed[column("capture_link")]).toBe("Form");
    expect(zed[column("first_utm_source")]).toBe("google");
    expect(zed[column("first_utm_term")]).toBe("crm");
    expect(zed[column("last_utm_source")]).toBe("'=cmd|' /C calc'!A0");
    expect(zed[column("created_at")]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const withPlan = body.find((row) => row[column("name")] === "Lead 3")!;
    expect(withPlan[column("Plano escolhido")]).toBe("pro");
    expect(withPlan[column("Seats")]).toBe("-3");
    expect(plan.id).toBeDefined();
  });

  it("neutralises formulas in every text cell", async () => {
    const rows = await csv(seeded.workspaceId, { q: "formula@" });
    const [header, row] = rows;
    expect(row![header!.indexOf("name")]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(row![header!.indexOf("city")]).toBe("'+cmd");
    expect(row![header!.indexOf("profession")]).toBe("'@SUM(1)");
  });

  it("exports the current filter in its sort, and nothing of another workspace", async () => {
    const rows = await csv(seeded.workspaceId, { q: "silva", sort: "name" }, 1);
    expect(rows.slice(1).map((row) => row[1])).toEqual(["carla silva", "Davi Silva"]);
    expect((await csv(seeded.workspaceId, { link: seeded.otherLinkId })).slice(1)).toEqual([]);
    const all = await csv(seeded.workspaceId, {}, 4);
    expect(
      all
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(Object.values(seeded.ids).sort());
  });

  it("refuses a bad filter before reading anything", async () => {
    expect(await fieldErrors(exportLeads(seeded.workspaceId, { to: "yesterday" }))).toEqual({ to: "invalid_date" });
  });
});

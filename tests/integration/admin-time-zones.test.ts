// Issue 9 (new-user items 1 and 10): the dashboard's days and the leads' date filters follow the viewer's
// time zone (a São Paulo marketer's day runs 03:00–03:00 UTC), computed by the database with AT TIME ZONE
// from a validated zone passed as a parameter; and the CSV's phone column is E.164 from the one phone module.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { presetPeriod, resolveDashboardPeriod } from "@/lib/dashboard/dashboard-period";
import { getDashboard } from "@/lib/dashboard/get-dashboard";
import { exportLeads } from "@/lib/leads/export-leads";
import { listLeadPage } from "@/lib/leads/list-leads";
import { createLink } from "@/lib/links/create-link";
import { parseCsv } from "../support/csv";
import { useTestDatabase } from "../support/database";
import { post } from "../support/ingest-client";
import { fieldErrors, newTenant, unique } from "../support/tenants";

const db = useTestDatabase();
const SAO_PAULO = "America/Sao_Paulo";

async function leadAt(workspaceId: string, captureLinkId: string, createdAt: string, name: string) {
  await db.current.prisma.lead.create({
    data: {
      id: randomUUID(),
      workspaceId,
      captureLinkId,
      name,
      email: `${unique("tz")}@example.com`,
      createdAt: new Date(createdAt),
      updatedAt: new Date(createdAt),
    },
  });
}

async function submissionAt(captureLinkId: string, workspaceId: string, receivedAt: string) {
  await db.current.prisma.submission.create({
    data: {
      id: randomUUID(),
      captureLinkId,
      workspaceId,
      outcome: "rejected",
      status: 422,
      errorCode: "validation_failed",
      receivedAt: new Date(receivedAt),
    },
  });
}

/** Leads on both sides of São Paulo's midnights (03:00 UTC), in March 2026 (no daylight saving there). */
async function seedEdges() {
  const { workspace } = await newTenant("Zones");
  const link = await createLink(workspace.id, { name: "Edges" });
  await leadAt(workspace.id, link.id, "2026-03-09T02:59:59.999Z", "late on the 8th"); // 23:59 on the 8th in São Paulo
  await leadAt(workspace.id, link.id, "2026-03-09T03:00:00.000Z", "first of the 9th"); // 00:00 on the 9th
  await leadAt(workspace.id, link.id, "2026-03-10T01:30:00.000Z", "evening of the 9th"); // 22:30 on the 9th, the 10th in UTC
  await leadAt(workspace.id, link.id, "2026-03-10T03:00:00.000Z", "first of the 10th");
  return { workspace, link };
}

describe("the dashboard in the viewer's time zone", () => {
  it("counts each lead and request on the day it arrived in São Paulo, UTC days unchanged", async () => {
    const { workspace, link } = await seedEdges();
    await submissionAt(link.id, workspace.id, "2026-03-10T01:30:00.000Z");

    const inSaoPaulo = await getDashboard(
      workspace.id,
      resolveDashboardPeriod({ from: "2026-03-08", to: "2026-03-10" }, new Date(), SAO_PAULO),
    );
    expect(inSaoPaulo.perDay).toEqual([
      { day: "2026-03-08", leads: 1 },
      { day: "2026-03-09", leads: 2 },
      { day: "2026-03-10", leads: 1 },
    ]);
    const ninth = await getDashboard(
      workspace.id,
      resolveDashboardPeriod({ from: "2026-03-09", to: "2026-03-09" }, new Date(), SAO_PAULO),
    );
    expect(ninth.totals).toMatchObject({ leads: 2, rejected: 1 });

    const inUtc = await getDashboard(workspace.id, resolveDashboardPeriod({ from: "2026-03-08", to: "2026-03-10" }));
    expect(inUtc.perDay).toEqual([
      { day: "2026-03-08", leads: 0 },
      { day: "2026-03-09", leads: 2 },
      { day: "2026-03-10", leads: 2 },
    ]);
  });

  it("ends the viewer's today at their own midnight (22:00 in São Paulo is already tomorrow in UTC)", () => {
    const now = new Date("2026-11-22T01:00:00Z"); // 22:00 on the 21st in São Paulo
    expect(presetPeriod(7, now, SAO_PAULO)).toMatchObject({ from: "2026-11-15", to: "2026-11-21", timeZone: SAO_PAULO });
    expect(presetPeriod(7, now)).toMatchObject({ from: "2026-11-16", to: "2026-11-22", timeZone: "UTC" });
    expect(resolveDashboardPeriod({ from: "2026-11-15", to: "2026-11-21" }, now, SAO_PAULO).preset).toBe(7);
  });

  it("refuses a zone it does not know instead of passing it on", async () => {
    expect(await fieldErrors(Promise.resolve().then(() => presetPeriod(7, new Date(), "Mars/Olympus_Mons")))).toEqual({
      timeZone: "invalid_time_zone",
    });
    expect(
      await fieldErrors(Promise.resolve().then(() => resolveDashboardPeriod({}, new Date(), "UTC'; DROP TABLE leads; --"))),
    ).toEqual({ timeZone: "invalid_time_zone" });
  });
});

describe("the leads' date filters in the viewer's time zone", () => {
  it("keeps the leads of the São Paulo day in the table and in the CSV", async () => {
    const { workspace } = await seedEdges();
    const names = async (timeZone?: string) =>
      (await listLeadPage(workspace.id, { from: "2026-03-09", to: "2026-03-09", sort: "oldest" }, { timeZone })).leads.map(
        (lead) => lead.name,
      );
    expect(await names(SAO_PAULO)).toEqual(["first of the 9th", "evening of the 9th"]);
    expect(await names()).toEqual(["late on the 8th", "first of the 9th"]);

    const { chunks } = await exportLeads(
      workspace.id,
      { from: "2026-03-09", to: "2026-03-09", sort: "oldest" },
      { timeZone: SAO_PAULO },
    );
    let text = "";
    for await (const chunk of chunks) text += chunk;
    const [header, ...rows] = parseCsv(text);
    expect(rows.map((row) => row[header!.indexOf("name")])).toEqual(["first of the 9th", "evening of the 9th"]);
    // Only `to`, only `from`: each bound is the São Paulo midnight.
    expect(
      (await listLeadPage(workspace.id, { to: "2026-03-08" }, { timeZone: SAO_PAULO })).leads.map((lead) => lead.name),
    ).toEqual(["late on the 8th"]);
    expect(
      (await listLeadPage(workspace.id, { from: "2026-03-10" }, { timeZone: SAO_PAULO })).leads.map((lead) => lead.name),
    ).toEqual(["first of the 10th"]);
  });

  it("refuses an unknown zone with a field error", async () => {
    const { workspace } = await newTenant("Badzone");
    expect(await fieldErrors(listLeadPage(workspace.id, { from: "2026-03-09" }, { timeZone: "Not/AZone" }))).toEqual({
      timeZone: "invalid_time_zone",
    });
    expect(await fieldErrors(exportLeads(workspace.id, {}, { timeZone: "../../etc" }))).toEqual({
      timeZone: "invalid_time_zone",
    });
  });
});

describe("the CSV's phone column", () => {
  it("is E.164 with its plus sign, not the on-screen format and not neutralised as a formula", async () => {
    const { workspace } = await newTenant("Phones");
    const link = await createLink(workspace.id, { name: "Form" });
    const token = (await db.current.prisma.captureLink.findUniqueOrThrow({ where: { id: link.id }, select: { token: true } }))
      .token;
    expect((await post(token, { name: "Ana", telephone: "(11) 98765-4321" })).status).toBe(201);
    const { chunks } = await exportLeads(workspace.id, {});
    let text = "";
    for await (const chunk of chunks) text += chunk;
    const [header, row] = parseCsv(text);
    expect(row![header!.indexOf("telephone")]).toBe("+5511987654321");
  });
});

// Issue 3 (admin UI), dashboard: leads per UTC day, totals, top UTM sources and capture links for a chosen
// period, from the real ingest route and rows placed on the period's edges; another workspace's leads and
// requests are never counted; bad periods are refused field by field.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { presetPeriod, resolveDashboardPeriod } from "@/lib/dashboard/dashboard-period";
import { getDashboard } from "@/lib/dashboard/get-dashboard";
import { createLink } from "@/lib/links/create-link";
import { revokeLink } from "@/lib/links/revoke-link";
import { useTestDatabase } from "../support/database";
import { post } from "../support/ingest-client";
import { fieldErrors, newTenant, unique } from "../support/tenants";

const db = useTestDatabase();

function email() {
  return `${unique("lead")}@example.com`;
}

/** A lead placed at an exact instant, as if ingest had created it then. */
async function leadAt(workspaceId: string, captureLinkId: string | null, createdAt: string, source: string | null = null) {
  await db.current.prisma.lead.create({
    data: {
      id: randomUUID(),
      workspaceId,
      captureLinkId,
      email: email(),
      firstUtmSource: source,
      createdAt: new Date(createdAt),
      updatedAt: new Date(createdAt),
    },
  });
}

const MARCH_1_TO_7 = () => resolveDashboardPeriod({ from: "2026-03-01", to: "2026-03-07" });

describe("the period", () => {
  it("is the last 7, 30 or 90 UTC days up to today, 30 by default", () => {
    const now = new Date("2026-11-21T23:30:00-03:00"); // 02:30 UTC on the 22nd
    expect(resolveDashboardPeriod({}, now)).toMatchObject({ from: "2026-10-24", to: "2026-11-22", preset: 30 });
    const week = resolveDashboardPeriod({ days: "7" }, now);
    expect(week).toMatchObject({ from: "2026-11-16", to: "2026-11-22", preset: 7 });
    expect(week.days).toEqual(["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22"]);
    expect(week.timeZone).toBe("UTC");
    expect(resolveDashboardPeriod({ days: "90" }, now).days).toHaveLength(90);
    // Empty inputs of the GET form are "not given".
    expect(resolveDashboardPeriod({ days: "", from: "", to: "" }, now)).toMatchObject({ preset: 30 });
  });

  it("may be a custom range of UTC days, both included, a leap day and a year at most", () => {
    const now = new Date("2026-11-21T12:00:00Z");
    expect(resolveDashboardPeriod({ from: "2024-02-28", to: "2024-03-01" }, now).days).toEqual([
      "2024-02-28",
      "2024-02-29",
      "2024-03-01",
    ]);
    expect(resolveDashboardPeriod({ from: "2026-11-21", to: "2026-11-21" }, now).days).toEqual(["2026-11-21"]);
    expect(resolveDashboardPeriod({ from: "2024-01-01", to: "2024-12-31" }, now).days).toHaveLength(366);
    // A custom range that is a preset shows as that preset.
    expect(resolveDashboardPeriod({ from: "2026-11-15", to: "2026-11-21" }, now).preset).toBe(7);
    expect(resolveDashboardPeriod({ from: "2026-11-14", to: "2026-11-20" }, now).preset).toBeNull();
  });

  it("refuses bad values, naming each field", async () => {
    const resolve = async (query: Record<string, string>) => resolveDashboardPeriod(query, new Date("2026-11-21T12:00:00Z"));
    expect(await fieldErrors(resolve({ days: "14" }))).toEqual({ days: "invalid_option" });
    expect(await fieldErrors(resolve({ days: "lots" }))).toEqual({ days: "invalid_option" });
    expect(await fieldErrors(resolve({ from: "2026-02-30", to: "yesterday" }))).toEqual({
      from: "invalid_date",
      to: "invalid_date",
    });
    expect(await fieldErrors(resolve({ from: "2026-11-01" }))).toEqual({ to: "required" });
    expect(await fieldErrors(resolve({ to: "2026-11-01" }))).toEqual({ from: "required" });
    expect(await fieldErrors(resolve({ from: "2026-11-02", to: "2026-11-01" }))).toEqual({ to: "date_out_of_range" });
    expect(await fieldErrors(resolve({ from: "2025-01-01", to: "2026-01-02" }))).toEqual({ to: "period_too_long" });
    expect(await fieldErrors(resolve({ from: "1999-12-31", to: "2000-01-01" }))).toEqual({ from: "date_out_of_range" });
  });
});

describe("the dashboard", () => {
  it("counts leads per UTC day with the period's first and last instants in and their neighbours out", async () => {
    const { workspace } = await newTenant();
    const link = await createLink(workspace.id, { name: "Edges" });
    await leadAt(workspace.id, link.id, "2026-02-28T23:59:59.999Z"); // the day before: out
    await leadAt(workspace.id, link.id, "2026-03-01T00:00:00.000Z");
    await leadAt(workspace.id, link.id, "2026-03-01T02:59:59.000-03:00"); // 05:59 UTC: March 1st
    await leadAt(workspace.id, link.id, "2026-03-01T22:00:00.000-03:00"); // March 2nd 01:00 UTC
    await leadAt(workspace.id, link.id, "2026-03-07T23:59:59.999Z");
    await leadAt(workspace.id, link.id, "2026-03-08T00:00:00.000Z"); // the day after: out

    const dashboard = await getDashboard(workspace.id, MARCH_1_TO_7());
    expect(dashboard.perDay).toEqual([
      { day: "2026-03-01", leads: 2 },
      { day: "2026-03-02", leads: 1 },
      { day: "2026-03-03", leads: 0 },
      { day: "2026-03-04", leads: 0 },
      { day: "2026-03-05", leads: 0 },
      { day: "2026-03-06", leads: 0 },
      { day: "2026-03-07", leads: 1 },
    ]);
    expect(dashboard.totals.leads).toBe(4);
    expect(dashboard.hasLeads).toBe(true);

    const oneDay = await getDashboard(workspace.id, resolveDashboardPeriod({ from: "2026-03-08", to: "2026-03-08" }));
    expect(oneDay.perDay).toEqual([{ day: "2026-03-08", leads: 1 }]);
    const empty = await getDashboard(workspace.id, resolveDashboardPeriod({ from: "2026-04-01", to: "2026-04-03" }));
    expect(empty).toMatchObject({
      totals: { leads: 0, accepted: 0, rejected: 0, spam: 0 },
      sources: [],
      links: [],
      hasLeads: true,
      hasLinks: true,
    });
    expect(empty.perDay.map((day) => day.leads)).toEqual([0, 0, 0]);
  });

  it("breaks the period's leads down by first-touch UTM source (case folded) and by the link that created them", async () => {
    const { workspace } = await newTenant();
    const spring = await createLink(workspace.id, { name: "Spring landing" });
    const quiz = await createLink(workspace.id, { name: "Quiz" });
    const march = (day: number) => `2026-03-0${day}T12:00:00.000Z`;
    await leadAt(workspace.id, spring.id, march(1), "Google");
    await leadAt(workspace.id, spring.id, march(2), "google");
    await leadAt(workspace.id, quiz.id, march(2), "google");
    await leadAt(workspace.id, quiz.id, march(3), "newsletter");
    await leadAt(workspace.id, quiz.id, march(4), null);
    await leadAt(workspace.id, spring.id, "2026-02-01T12:00:00.000Z", "facebook"); // outside the period
    await revokeLink(workspace.id, quiz.id);

    const dashboard = await getDashboard(workspace.id, MARCH_1_TO_7());
    expect(dashboard.sources).toEqual([
      { source: "google", leads: 3 },
      { source: "newsletter", leads: 1 },
      { source: null, leads: 1 },
    ]);
    expect(dashboard.sourceCount).toBe(3);
    expect(dashboard.links).toEqual([
      { id: quiz.id, name: "Quiz", status: "revoked", leads: 3 },
      { id: spring.id, name: "Spring landing", status: "active", leads: 2 },
    ]);
    expect(dashboard.linkCount).toBe(2);
  });

  it("lists the top 8 sources and counts the others", async () => {
    const { workspace } = await newTenant();
    const link = await createLink(workspace.id, { name: "Many" });
    for (let source = 0; source < 11; source++) {
      for (let lead = 0; lead <= source; lead++)
        await leadAt(
          workspace.id,
          link.id,
          `2026-03-03T10:00:${String(lead).padStart(2, "0")}.000Z`,
          `src-${String(source).padStart(2, "0")}`,
        );
    }
    const dashboard = await getDashboard(workspace.id, MARCH_1_TO_7());
    expect(dashboard.sources.map((row) => [row.source, row.leads])).toEqual([
      ["src-10", 11],
      ["src-09", 10],
      ["src-08", 9],
      ["src-07", 8],
      ["src-06", 7],
      ["src-05", 6],
      ["src-04", 5],
      ["src-03", 4],
    ]);
    expect(dashboard.sourceCount).toBe(11);
    expect(dashboard.totals.leads).toBe(66);
  });

  it("counts requests of the period by outcome through the real ingest route: accepted, rejected and spam", async () => {
    const { workspace } = await newTenant();
    const link = await createLink(workspace.id, { name: "Live", honeypotField: "website" });
    const first = email();
    expect((await post(link.token, { email: first, utmSource: "Google" })).status).toBe(201);
    expect((await post(link.token, { email: first, name: "Again" })).status).toBe(200);
    expect((await post(link.token, { email: email(), utmSource: "ads" })).status).toBe(201);
    expect((await post(link.token, { email: "not-an-email" })).status).toBe(422);
    expect((await post(link.token, { email: email(), website: "http://spam.example" })).status).toBe(201);

    const dashboard = await getDashboard(workspace.id, presetPeriod(7));
    expect(dashboard.totals).toEqual({ leads: 2, accepted: 3, rejected: 1, spam: 1 });
    expect(dashboard.perDay.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), leads: 2 });
    expect(dashboard.sources).toEqual([
      { source: "ads", leads: 1 },
      { source: "google", leads: 1 },
    ]);
    expect(dashboard.links).toEqual([{ id: link.id, name: "Live", status: "active", leads: 2 }]);

    // Requests are counted on the day they arrived: none in March.
    expect((await getDashboard(workspace.id, MARCH_1_TO_7())).totals).toEqual({ leads: 0, accepted: 0, rejected: 0, spam: 0 });
  });

  it("never counts another workspace's leads or requests", async () => {
    const mine = await newTenant("Mine");
    const theirs = await newTenant("Theirs");
    const myLink = await createLink(mine.workspace.id, { name: "Mine" });
    const theirLink = await createLink(theirs.workspace.id, { name: "Theirs" });
    await leadAt(mine.workspace.id, myLink.id, "2026-03-02T10:00:00.000Z", "google");
    for (let index = 0; index < 3; index++) await leadAt(theirs.workspace.id, theirLink.id, "2026-03-02T10:00:00.000Z", "google");
    expect((await post(theirLink.token, { email: email() })).status).toBe(201);
    expect((await post(theirLink.token, { email: "bad" })).status).toBe(422);
    expect((await post(myLink.token, { email: email() })).status).toBe(201);

    const march = await getDashboard(mine.workspace.id, MARCH_1_TO_7());
    expect(march.totals.leads).toBe(1);
    expect(march.sources).toEqual([{ source: "google", leads: 1 }]);
    expect(march.links).toEqual([{ id: myLink.id, name: "Mine", status: "active", leads: 1 }]);
    const today = await getDashboard(mine.workspace.id, presetPeriod(7));
    expect(today.totals).toEqual({ leads: 1, accepted: 1, rejected: 0, spam: 0 });

    // A workspace with nothing sees nothing, and knows it has no links yet.
    const { workspace: empty } = await newTenant("Empty");
    const nothing = await getDashboard(empty.id, presetPeriod(90));
    expect(nothing).toMatchObject({
      totals: { leads: 0, accepted: 0, rejected: 0, spam: 0 },
      sources: [],
      links: [],
      hasLeads: false,
      hasLinks: false,
    });
  });
});

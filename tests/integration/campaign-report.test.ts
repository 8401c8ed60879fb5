// DESIGN.md section 16: the first response kept on the lead by every write path, the campaign report
// (GET /api/v1/reports/campaigns, `report campaigns`) and link stats (GET /api/v1/links/{id}/stats), through
// the real route handlers, server actions and CLI on a real database, on known data.
import "../support/server-action";
import { readSheet } from "read-excel-file/node";
import { describe, expect, it } from "vitest";
import { GET as exportCampaigns } from "@/app/(admin)/w/[slug]/campaigns/export/route";
import { addLeadNoteAction, bulkUpdateLeadsAction, updateLeadWorkflowAction } from "@/app/(admin)/w/[slug]/leads/actions";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { CLI_ACTOR } from "@/lib/audit/record";
import { createLink } from "@/lib/links/create-link";
import { countLinkView } from "@/lib/links/link-views";
import { updateWorkspaceSettings } from "@/lib/workspaces/workspace-settings";
import { api, apiJson } from "../support/api-client";
import { runJson } from "../support/cli-run";
import { useTestDatabase } from "../support/database";
import { post } from "../support/ingest-client";
import { expectProblem, uniqueEmail, withoutRateLimit } from "../support/ingest-helpers";
import { callAction } from "../support/server-action";
import { newMember, newTenant } from "../support/tenants";

const db = useTestDatabase();
withoutRateLimit();

async function tenant(name: string) {
  const { workspace, owner } = await newTenant(name);
  await updateWorkspaceSettings(workspace.id, { timeZone: "America/Sao_Paulo" }, CLI_ACTOR);
  const write = (await createApiKey(workspace.id, { name: "Sync", scope: "write" })).token;
  const read = (await createApiKey(workspace.id, { name: "Reader", scope: "read" })).token;
  const link = await createLink(workspace.id, { name: `${name} page` });
  return { workspace, owner, write, read, link };
}

type Tenant = Awaited<ReturnType<typeof tenant>>;

async function lead(t: Tenant, utm: Record<string, string> = {}, email = uniqueEmail(), token = t.link.token): Promise<string> {
  const response = await post(token, { name: "Ana", email, ...utm });
  expect([200, 201]).toContain(response.status);
  return response.json!.leadId as string;
}

/** Moves a lead's creation `minutes` into the past, so that a response made now came that many minutes later. */
async function createdMinutesAgo(leadId: string, minutes: number): Promise<void> {
  await db.current.prisma
    .$executeRaw`UPDATE leads SET created_at = now() - make_interval(mins => ${minutes}::int) WHERE id = ${leadId}::uuid`;
}

async function setCreatedAt(leadId: string, at: string): Promise<void> {
  await db.current.prisma.$executeRaw`UPDATE leads SET created_at = ${at}::timestamptz WHERE id = ${leadId}::uuid`;
}

async function firstResponseAt(leadId: string): Promise<Date | null> {
  return (await db.current.prisma.lead.findUniqueOrThrow({ where: { id: leadId }, select: { firstResponseAt: true } }))
    .firstResponseAt;
}

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

function today(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
}

describe("first response (lead page, notes, bulk actions, API)", () => {
  it("is set once, by a member's status change away from new or note, never by an API key", async () => {
    const t = await tenant("Alpha");
    const member = await newMember(t.workspace.id, "member");
    const [byPage, byNote, byBulk, byKey] = [await lead(t), await lead(t), await lead(t), await lead(t)];

    // An API key's change is an integration's, not a member answering.
    expect(
      (await apiJson(`/api/v1/leads/${byKey}`, { key: t.write, method: "PATCH", body: { status: "contacted" } })).status,
    ).toBe(200);
    expect(await firstResponseAt(byKey)).toBeNull();
    // Tags and owner alone are no response; a status change is.
    await callAction(member, () =>
      updateLeadWorkflowAction(t.workspace.slug, byPage, { ok: false }, form({ status: "new", tags: "vip" })),
    );
    expect(await firstResponseAt(byPage)).toBeNull();
    const page = await callAction(member, () =>
      updateLeadWorkflowAction(t.workspace.slug, byPage, { ok: false }, form({ status: "contacted", tags: "vip" })),
    );
    expect(page.ok).toBe(true);
    const first = await firstResponseAt(byPage);
    expect(first).not.toBeNull();
    // Set once: a later change leaves it.
    await callAction(member, () =>
      updateLeadWorkflowAction(t.workspace.slug, byPage, { ok: false }, form({ status: "won", tags: "" })),
    );
    expect(await firstResponseAt(byPage)).toEqual(first);

    expect(
      (await callAction(member, () => addLeadNoteAction(t.workspace.slug, byNote, { ok: false }, form({ body: "Called" })))).ok,
    ).toBe(true);
    expect(await firstResponseAt(byNote)).not.toBeNull();

    const bulk = await callAction(member, () =>
      bulkUpdateLeadsAction(
        t.workspace.slug,
        { scope: "selected", ids: [byBulk, byKey], query: "" },
        { kind: "status", value: "qualified" },
      ),
    );
    expect(bulk.updated).toBe(2);
    expect(await firstResponseAt(byBulk)).not.toBeNull();
    // The member's move from contacted (an integration's) to qualified is their first response to it.
    expect(await firstResponseAt(byKey)).not.toBeNull();
    // It is written in the change's own transaction: the same instant as the history row.
    const [change] = await db.current.prisma.leadChange.findMany({ where: { leadId: byBulk }, select: { createdAt: true } });
    expect(await firstResponseAt(byBulk)).toEqual(change!.createdAt);
  });
});

describe("GET /api/v1/reports/campaigns", () => {
  it("attributes by first and last touch, counts statuses as they are now, and takes medians on known data", async () => {
    const t = await tenant("Alpha");
    const other = await tenant("Beta");
    const member = await newMember(t.workspace.id, "member");
    const respond = (id: string, status: string) =>
      callAction(member, () => updateLeadWorkflowAction(t.workspace.slug, id, { ok: false }, form({ status, tags: "" })));

    // A lead that came from google, then came back from facebook: first touch google, last touch facebook.
    const email = uniqueEmail();
    const switched = await lead(t, { utmSource: "google", utmMedium: "cpc", utmCampaign: "bf" }, email);
    await lead(t, { utmSource: "facebook", utmMedium: "social", utmCampaign: "retarget" }, email);
    const g2 = await lead(t, { utmSource: "google", utmMedium: "cpc", utmCampaign: "bf" });
    const g3 = await lead(t, { utmSource: "google", utmMedium: "organic" });
    await lead(t); // no UTM values, never answered
    // Responses 10, 30 and 50 minutes after creation (median 30).
    await createdMinutesAgo(switched, 10);
    await createdMinutesAgo(g2, 30);
    await createdMinutesAgo(g3, 50);
    await respond(switched, "won");
    await respond(g2, "qualified");
    await respond(g3, "lost");
    // Another workspace's leads with the same values are never counted.
    await lead(other, { utmSource: "google", utmMedium: "cpc", utmCampaign: "bf" });
    await lead(other, { utmSource: "google", utmMedium: "cpc", utmCampaign: "bf" });

    const first = await apiJson("/api/v1/reports/campaigns?groupBy=source&touch=first", { key: t.read });
    expect(first.status).toBe(200);
    expect(first.body.rows.map((row: any) => [row.key, row.leads])).toEqual([
      [{ source: "google", medium: null, campaign: null }, 3],
      [{ source: null, medium: null, campaign: null }, 1],
    ]);
    const google = first.body.rows[0];
    expect(google).toMatchObject({ views: null, leads: 3, contacted: 3, qualified: 2, won: 1, lost: 1 });
    expect(google.wonRate).toBeCloseTo(1 / 3, 10);
    expect(google.medianFirstResponseMinutes).toBeCloseTo(30, 0);
    expect(first.body.totals).toMatchObject({
      views: null,
      leads: 4,
      contacted: 3,
      qualified: 2,
      won: 1,
      lost: 1,
      wonRate: 0.25,
    });
    expect(first.body.totals.medianFirstResponseMinutes).toBeCloseTo(30, 0);
    expect(first.body.rows[1].medianFirstResponseMinutes).toBeNull();

    const last = await apiJson("/api/v1/reports/campaigns?groupBy=campaign&touch=last", { key: t.read });
    const byKey = Object.fromEntries(last.body.rows.map((row: any) => [Object.values(row.key).join("/"), row]));
    expect(Object.keys(byKey).sort()).toEqual(["//", "facebook/social/retarget", "google/cpc/bf", "google/organic/"]);
    expect(byKey["facebook/social/retarget"]).toMatchObject({ leads: 1, won: 1, wonRate: 1 });
    expect(byKey["facebook/social/retarget"].medianFirstResponseMinutes).toBeCloseTo(10, 0);
    expect(byKey["google/cpc/bf"]).toMatchObject({ leads: 1, qualified: 1, won: 0 });

    const medium = await apiJson("/api/v1/reports/campaigns?groupBy=medium", { key: t.read });
    expect(medium.body.rows.find((row: any) => row.key.medium === "cpc")).toMatchObject({
      key: { source: "google", medium: "cpc", campaign: null },
      leads: 2,
    });

    // Erased leads appear nowhere.
    expect((await api(`/api/v1/leads/${g2}`, { key: t.write, method: "DELETE" })).status).toBe(204);
    const after = await apiJson("/api/v1/reports/campaigns", { key: t.read });
    expect(after.body.totals).toMatchObject({ leads: 3, qualified: 1 });
    expect(after.body.totals.medianFirstResponseMinutes).toBeCloseTo(30, 0);

    // The CLI prints the same JSON.
    const cli = await runJson(
      "report",
      "campaigns",
      "--workspace",
      t.workspace.slug,
      "--group-by",
      "campaign",
      "--touch",
      "last",
    );
    expect(cli.code).toBe(0);
    expect(cli.body.totals).toEqual(after.body.totals);
  });

  it("takes the period in the workspace's zone (São Paulo's midnight, not UTC's)", async () => {
    const t = await tenant("Alpha");
    const before = await lead(t, { utmSource: "late" });
    const afterMidnight = await lead(t, { utmSource: "early" });
    await setCreatedAt(before, "2026-03-10T02:30:00Z"); // 23:30 on the 9th in São Paulo
    await setCreatedAt(afterMidnight, "2026-03-10T03:30:00Z"); // 00:30 on the 10th
    const tenth = await apiJson("/api/v1/reports/campaigns?from=2026-03-10&to=2026-03-10", { key: t.read });
    expect(tenth.body.rows.map((row: any) => row.key.source)).toEqual(["early"]);
    expect(tenth.body.period).toEqual({ from: "2026-03-10", to: "2026-03-10", timeZone: "America/Sao_Paulo" });
    const ninth = await apiJson("/api/v1/reports/campaigns?from=2026-03-09&to=2026-03-09", { key: t.read });
    expect(ninth.body.rows.map((row: any) => row.key.source)).toEqual(["late"]);
    // The default period is the last 30 days, today included: neither lead.
    const recent = await apiJson(`/api/v1/reports/campaigns?to=${today()}`, { key: t.read });
    expect(recent.body.totals.leads).toBe(0);
  });

  it("counts one link's leads with its views; another workspace's link is 404", async () => {
    const t = await tenant("Alpha");
    const b = await tenant("Beta");
    const second = await createLink(t.workspace.id, { name: "Second" });
    await lead(t, { utmSource: "google" });
    await lead(t, { utmSource: "google" }, uniqueEmail(), second.token);
    await countLinkView(db.current, t.link.id);
    await countLinkView(db.current, t.link.id);
    await countLinkView(db.current, t.link.id);
    const one = await apiJson(`/api/v1/reports/campaigns?captureLinkId=${t.link.id}`, { key: t.read });
    expect(one.status).toBe(200);
    expect(one.body.totals).toMatchObject({ views: 3, leads: 1 });
    expect(one.body.rows).toEqual([expect.objectContaining({ views: null, leads: 1 })]);
    await expectProblem(
      await api(`/api/v1/reports/campaigns?captureLinkId=${b.link.id}`, { key: t.read }),
      404,
      "capture_link_not_found",
    );
  });

  it("answers 422 problem+json naming each bad parameter, and 401 without a key", async () => {
    const t = await tenant("Alpha");
    for (const [query, field] of [
      ["groupBy=content", "groupBy"],
      ["touch=middle", "touch"],
      ["from=2026-02-30&to=2026-03-01", "from"],
      ["from=2026-03-02&to=2026-03-01", "to"],
      ["from=2025-01-01&to=2026-03-01", "to"],
      ["captureLinkId=nope", "captureLinkId"],
    ]) {
      const problem = await expectProblem(
        await api(`/api/v1/reports/campaigns?${query}`, { key: t.read }),
        422,
        "validation_failed",
      );
      expect(problem.errors.map((issue: { field: string }) => issue.field)).toEqual([field]);
    }
    await expectProblem(await api("/api/v1/reports/campaigns"), 401, "unauthorized");
    const cli = await runJson("report", "campaigns", "--workspace", t.workspace.slug, "--group-by", "nope");
    expect(cli.code).not.toBe(0);
    expect(JSON.stringify(cli.body)).toContain("groupBy");
  });
});

describe("GET /api/v1/links/{id}/stats", () => {
  it("counts views, leads, rejected and spam per day of the workspace's zone, without dry runs; 404 across workspaces", async () => {
    const t = await tenant("Alpha");
    const b = await tenant("Beta");
    const trapped = await createLink(t.workspace.id, { name: "Trap", honeypotField: "website" });
    await lead(t, {}, uniqueEmail(), trapped.token);
    await lead(t, {}, uniqueEmail(), trapped.token);
    expect((await post(trapped.token, { email: "not-an-email" })).status).toBe(422);
    expect((await post(trapped.token, { email: "still-bad" }, { "Leadlink-Dry-Run": "1" })).status).toBe(422);
    expect((await post(trapped.token, { email: uniqueEmail(), website: "http://spam.example" })).status).toBeLessThan(300);
    await countLinkView(db.current, trapped.id);
    const day = today();
    const stats = await apiJson(`/api/v1/links/${trapped.id}/stats?from=${day}&to=${day}`, { key: t.read });
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({ days: [{ day, views: 1, leads: 2, rejected: 1, spam: 1 }] });

    const month = await apiJson(`/api/v1/links/${trapped.id}/stats`, { key: t.read });
    expect(month.body.days).toHaveLength(30);
    expect(month.body.days.at(-1)).toEqual({ day, views: 1, leads: 2, rejected: 1, spam: 1 });
    expect(month.body.days[0]).toEqual(expect.objectContaining({ views: 0, leads: 0, rejected: 0, spam: 0 }));

    await expectProblem(await api(`/api/v1/links/${b.link.id}/stats`, { key: t.read }), 404, "capture_link_not_found");
    const bad = await expectProblem(
      await api(`/api/v1/links/${trapped.id}/stats?from=yesterday`, { key: t.read }),
      422,
      "validation_failed",
    );
    expect(bad.errors.map((issue: { field: string }) => issue.field)).toEqual(["from"]);
  });
});

describe("GET /w/<slug>/campaigns/export", () => {
  it("downloads the report as the plain CSV and as xlsx in the viewer's language, for members of the workspace only", async () => {
    const t = await tenant("Alpha");
    const b = await tenant("Beta");
    await lead(t, { utmSource: "=cmd", utmMedium: "cpc" });
    await lead(t, { utmSource: "google", utmMedium: "cpc" });
    const download = (slug: string, query: string, user = t.owner, acceptLanguage = "en") =>
      callAction(
        user,
        () =>
          exportCampaigns(new Request(`http://localhost:3000/w/${slug}/campaigns/export?${query}`), {
            params: Promise.resolve({ slug }),
          }),
        { acceptLanguage },
      );
    const csv = await download(t.workspace.slug, "groupBy=medium&format=csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split("\n");
    expect(lines[0]).toBe("source,medium,campaign,views,leads,contacted,qualified,won,lost,wonRate,medianFirstResponseMinutes");
    // A value that would run as a formula in a spreadsheet is escaped.
    expect(lines.slice(1, 3).sort()).toEqual(["'=cmd,cpc,,,1,0,0,0,0,0,", "google,cpc,,,1,0,0,0,0,0,"]);
    expect(lines[3]).toBe("total,,,,2,0,0,0,0,0,");

    const xlsx = await download(t.workspace.slug, "format=xlsx", t.owner, "pt-BR");
    expect(xlsx.status).toBe(200);
    const rows = (await readSheet(Buffer.from(await xlsx.arrayBuffer()))) as unknown[][];
    expect(rows[0]!.slice(0, 5)).toEqual(["Origem", "Mídia", "Campanha", "Visualizações", "Leads"]);
    expect(rows.at(-1)!.slice(0, 1)).toEqual(["Total"]);
    expect(rows.at(-1)![4]).toBe(2);

    // Another workspace's owner: 404; bad choices: 422 naming them.
    expect((await download(t.workspace.slug, "format=csv", b.owner)).status).toBe(404);
    const bad = await download(t.workspace.slug, "format=csv&touch=middle");
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain("touch");
  });
});

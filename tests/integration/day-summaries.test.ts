// The campaign report and the dashboard read closed days from day summaries (migration 20261129050000,
// lib/dashboard/day-summaries) and the recent days live: on leads created days ago, for any zone and period,
// they must give exactly what the live queries give (tests/support/live-reports.ts: the queries before
// summaries), after every kind of change to an old lead too, and never count another workspace's leads.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { CLI_ACTOR } from "@/lib/audit/record";
import { type DashboardPeriod, resolveDashboardPeriod } from "@/lib/dashboard/dashboard-period";
import { getDashboard } from "@/lib/dashboard/get-dashboard";
import { getSpeedToLead, type ResponseBreakdownRow } from "@/lib/dashboard/get-speed-to-lead";
import { Prisma } from "@/lib/db/generated/client";
import { createLink } from "@/lib/links/create-link";
import { eraseLead } from "@/lib/privacy/erase-lead";
import { getCampaignReport } from "@/lib/reports/campaign-report";
import { dayIn } from "@/lib/time/time-zone";
import { utcDay } from "@/lib/time/utc-day";
import { testDatabaseKind, useTestDatabase } from "../support/database";
import { post } from "../support/ingest-client";
import { uniqueEmail, withoutRateLimit } from "../support/ingest-helpers";
import { type LiveSpeedRow, liveBreakdown, liveReport, liveSpeed } from "../support/live-reports";
import { newMember, newTenant } from "../support/tenants";

const db = useTestDatabase();
withoutRateLimit();

const SAO_PAULO = "America/Sao_Paulo";
const KOLKATA = "Asia/Kolkata";
const STATUSES = ["new", "contacted", "qualified", "won", "lost"] as const;
const SOURCES = ["google", "Google", "facebook", "instagram", null] as const;
const MEDIUMS = ["cpc", "social", null] as const;
const CAMPAIGNS = ["bf", "launch", null] as const;
// Minutes to a first response, bucket limits (5, 15, 60) and just past them included.
const RESPONSES = [null, null, 0.5, 2, 5, 5 + 1 / 60, 10, 15, 20, 45, 60, 61, 90, 600, 1500] as const;

/** A fixed pseudo-random sequence (mulberry32), so that a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface LeadSpec {
  /** SQL for the creation instant. */
  at: Prisma.Sql;
  link: string | null;
  owner: string | null;
  status: (typeof STATUSES)[number];
  first: [string | null, string | null, string | null];
  last: [string | null, string | null, string | null];
  response: number | null;
  erased: boolean;
}

type Scenario = Awaited<ReturnType<typeof scenario>>;

async function scenario(name: string, seed: number) {
  const { workspace } = await newTenant(name);
  const links = [await createLink(workspace.id, { name: `${name} A` }), await createLink(workspace.id, { name: `${name} B` })];
  const owners = [await newMember(workspace.id, "member"), await newMember(workspace.id, "member")];
  const next = random(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  const spec = (at: Prisma.Sql): LeadSpec => {
    const first: LeadSpec["first"] = [pick(SOURCES), pick(MEDIUMS), pick(CAMPAIGNS)];
    return {
      at,
      link: pick([links[0]!.id, links[1]!.id, null]),
      owner: pick([owners[0]!.id, owners[1]!.id, null]),
      status: pick(STATUSES),
      first,
      last: next() < 0.7 ? first : [pick(SOURCES), pick(MEDIUMS), pick(CAMPAIGNS)],
      response: pick(RESPONSES),
      erased: next() < 0.05,
    };
  };
  const specs: LeadSpec[] = [];
  // Spread over the last 12 days, then around the local midnights of the last 4 days in both zones (the
  // summarised days end at one of them, 48 hours back) and around 48 hours ago.
  for (let index = 0; index < 240; index += 1)
    specs.push(spec(Prisma.sql`now() - make_interval(secs => ${Math.round(next() * 12 * 86_400)}::int)`));
  for (const zone of [SAO_PAULO, KOLKATA])
    for (let days = 0; days <= 4; days += 1)
      for (const minutes of [-1, 0, 1])
        specs.push(
          spec(Prisma.sql`(date_trunc('day', now() AT TIME ZONE ${zone}::text) - make_interval(days => ${days}::int)
            + make_interval(mins => ${minutes}::int)) AT TIME ZONE ${zone}::text`),
        );
  for (const minutes of [-1, 0, 1])
    specs.push(spec(Prisma.sql`now() - interval '48 hours' + make_interval(mins => ${minutes}::int)`));
  await insertLeads(workspace.id, specs);
  return { workspace, links, owners, spec, pick };
}

/** Leads written straight in SQL with a past creation instant, as the seed writes them. */
async function insertLeads(workspaceId: string, specs: LeadSpec[]): Promise<string[]> {
  const values = specs.map(
    (lead) => Prisma.sql`(date_trunc('milliseconds', ${lead.at}), ${lead.link}::uuid, ${lead.owner}::uuid,
      ${lead.status}::lead_status, ${lead.first[0]}::text, ${lead.first[1]}::text, ${lead.first[2]}::text,
      ${lead.last[0]}::text, ${lead.last[1]}::text, ${lead.last[2]}::text, ${lead.response}::float8, ${lead.erased}::boolean)`,
  );
  const rows = await db.current.prisma.$queryRaw<{ id: string }[]>(Prisma.sql`
    INSERT INTO leads (id, workspace_id, capture_link_id, owner_id, status, first_utm_source, first_utm_medium,
      first_utm_campaign, last_utm_source, last_utm_medium, last_utm_campaign, first_response_at, erased_at, created_at, updated_at)
    SELECT gen_random_uuid(), ${workspaceId}::uuid, link, owner, status, fs, fm, fc, ls, lm, lc,
      at + make_interval(secs => response * 60), CASE WHEN erased THEN now() END, at, at
    FROM (VALUES ${Prisma.join(values)}) AS v (at, link, owner, status, fs, fm, fc, ls, lm, lc, response, erased)
    RETURNING id::text`);
  return rows.map((row) => row.id);
}

function daysAgo(zone: string, days: number): string {
  return utcDay(new Date(Date.parse(`${dayIn(zone)}T00:00:00.000Z`) - days * 86_400_000));
}

function period(zone: string, fromDaysAgo: number, toDaysAgo: number): DashboardPeriod {
  return resolveDashboardPeriod({ from: daysAgo(zone, fromDaysAgo), to: daysAgo(zone, toDaysAgo) }, new Date(), zone);
}

const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));

async function expectReportLive(
  s: Scenario,
  p: DashboardPeriod,
  groupBy: "source" | "medium" | "campaign",
  touch: "first" | "last",
  linkId?: string,
) {
  const report = await getCampaignReport(
    s.workspace.id,
    { groupBy, touch, from: p.from, to: p.to, captureLinkId: linkId },
    p.timeZone,
  );
  const live = await liveReport(db.current, s.workspace.id, p, groupBy, touch, linkId);
  const shape = (row: { leads: number; contacted: number; qualified: number; won: number; lost: number }, median: unknown) => ({
    leads: row.leads,
    contacted: row.contacted,
    qualified: row.qualified,
    won: row.won,
    lost: row.lost,
    wonRate: row.leads > 0 ? row.won / row.leads : null,
    medianFirstResponseMinutes: number(median),
  });
  const context = `${p.timeZone} ${p.from}..${p.to} ${groupBy} ${touch} ${linkId ?? ""}`;
  expect(
    report.rows.map((row) => ({ key: row.key, ...shape(row, row.medianFirstResponseMinutes) })),
    context,
  ).toEqual(
    live
      .filter((row) => !row.total)
      .map((row) => ({ key: { source: row.source, medium: row.medium, campaign: row.campaign }, ...shape(row, row.median) })),
  );
  const total = live.find((row) => row.total)!;
  expect(shape(report.totals, report.totals.medianFirstResponseMinutes), context).toEqual(shape(total, total.median));
  return report;
}

function speedShape(row: Omit<LiveSpeedRow, "grouping" | "owner_id" | "capture_link_id">) {
  return {
    leads: row.leads,
    answered: row.answered,
    medianMinutes: number(row.median),
    p95Minutes: number(row.p95),
    buckets: { within5: row.within5, within15: row.within15, within60: row.within60, over60: row.over60, notYet: row.not_yet },
  };
}

const byId = <T extends { id: string | null }>(rows: T[]) => [...rows].sort((a, b) => String(a.id).localeCompare(String(b.id)));

async function expectDashboardLive(s: Scenario, p: DashboardPeriod) {
  const [dashboard, speed] = await Promise.all([getDashboard(s.workspace.id, p), getSpeedToLead(s.workspace.id, p)]);
  const [breakdown, live] = await Promise.all([
    liveBreakdown(db.current, s.workspace.id, p),
    liveSpeed(db.current, s.workspace.id, p),
  ]);
  const context = `${p.timeZone} ${p.from}..${p.to}`;
  const of = (kind: string) => breakdown.filter((row) => row.kind === kind);
  const perDay = new Map(of("day").map((row) => [row.key, row.n]));
  expect(dashboard.perDay, context).toEqual(p.days.map((day) => ({ day, leads: perDay.get(day) ?? 0 })));
  expect(dashboard.sources, context).toEqual(of("source").map((row) => ({ source: row.key, leads: row.n })));
  expect(dashboard.sourceCount, context).toBe(of("sources")[0]!.n);
  expect(
    dashboard.links.map((link) => ({ id: link.id, leads: link.leads })),
    context,
  ).toEqual(of("link").map((row) => ({ id: row.key, leads: row.n })));
  expect(dashboard.linkCount, context).toBe(of("links")[0]!.n);

  const total = live.find((row) => row.grouping === 3)!;
  expect(speed.funnel, context).toEqual({
    new: total.new,
    contacted: total.contacted,
    qualified: total.qualified,
    won: total.won,
    lost: total.lost,
  });
  expect(speed.overall, context).toEqual(speedShape(total));
  const rows = (list: ResponseBreakdownRow[]) => byId(list).map(({ name: _name, ...row }) => row);
  const liveRows = (grouping: number, id: (row: LiveSpeedRow) => string | null) =>
    byId(live.filter((row) => row.grouping === grouping).map((row) => ({ id: id(row), ...speedShape(row) })));
  expect(rows(speed.byOwner), context).toEqual(liveRows(1, (row) => row.owner_id));
  expect(rows(speed.byLink), context).toEqual(liveRows(2, (row) => row.capture_link_id));
  // Rows with as many leads keep one order (the live query left ties to chance).
  expect(speed.byOwner.map((row) => row.leads)).toEqual([...speed.byOwner.map((row) => row.leads)].sort((a, b) => b - a));
  return { dashboard, speed };
}

async function expectAllLive(s: Scenario, periods: DashboardPeriod[]) {
  for (const p of periods) {
    await expectDashboardLive(s, p);
    for (const groupBy of ["source", "medium", "campaign"] as const)
      for (const touch of ["first", "last"] as const) {
        await expectReportLive(s, p, groupBy, touch);
        await expectReportLive(s, p, groupBy, touch, s.links[0]!.id);
      }
  }
}

async function count(table: string, workspaceId: string): Promise<number> {
  const [row] = await db.current.prisma.$queryRaw<{ n: number }[]>(
    Prisma.sql`SELECT count(*)::int AS n FROM ${Prisma.raw(table)} WHERE workspace_id = ${workspaceId}::uuid`,
  );
  return row!.n;
}

/** One lead of the scenario created `hours` or more ago (summarised once its day is closed), not erased. */
async function oldLead(workspaceId: string, hours = 100): Promise<string> {
  const [row] = await db.current.prisma.$queryRaw<{ id: string }[]>(Prisma.sql`
    SELECT id::text FROM leads WHERE workspace_id = ${workspaceId}::uuid AND erased_at IS NULL
      AND created_at < now() - make_interval(hours => ${hours}::int)
    ORDER BY created_at DESC LIMIT 1`);
  return row!.id;
}

describe("day summaries", () => {
  it("give exactly the live figures for every grouping, touch, link and zone, across midnights and the 48-hour limit", async () => {
    const s = await scenario("Alpha", 1);
    const other = await scenario("Beta", 2);
    const periods = [
      period(SAO_PAULO, 11, 0), // closed days and the live tail
      period(SAO_PAULO, 9, 3), // closed days only
      period(SAO_PAULO, 1, 0), // live only
      period(KOLKATA, 11, 0),
      period(KOLKATA, 3, 1),
      period("UTC", 6, 0),
    ];
    await expectAllLive(s, periods);
    // The closed days were summarised (days without leads too), for each zone asked.
    expect(await count("lead_day_builds", s.workspace.id)).toBeGreaterThan(10);
    expect(await count("lead_day_report", s.workspace.id)).toBeGreaterThan(50);
    expect(await count("lead_day_dashboard", s.workspace.id)).toBeGreaterThan(50);
    // Another workspace's leads never count: its own report counts exactly its own leads.
    const [own] = await db.current.prisma.$queryRaw<{ n: number }[]>(Prisma.sql`
      SELECT count(*)::int AS n FROM leads WHERE workspace_id = ${other.workspace.id}::uuid AND erased_at IS NULL
        AND created_at >= (${daysAgo(SAO_PAULO, 11)}::date::timestamp AT TIME ZONE ${SAO_PAULO})`);
    const report = await getCampaignReport(other.workspace.id, { from: daysAgo(SAO_PAULO, 11) }, SAO_PAULO);
    expect(report.totals.leads).toBe(own!.n);
    expect(await count("lead_day_builds", other.workspace.id)).toBeGreaterThan(0);
    await expectAllLive(s, periods.slice(0, 1));
  });

  it("reads the summaries of closed days rather than the leads (and rebuilds them when marked)", async () => {
    const s = await scenario("Gamma", 3);
    const p = period(SAO_PAULO, 11, 4);
    const before = await getCampaignReport(s.workspace.id, { from: p.from, to: p.to }, SAO_PAULO);
    await db.current.prisma
      .$executeRaw`UPDATE lead_day_report SET leads = leads + 1000 WHERE workspace_id = ${s.workspace.id}::uuid`;
    const tampered = await getCampaignReport(s.workspace.id, { from: p.from, to: p.to }, SAO_PAULO);
    expect(tampered.totals.leads).toBeGreaterThan(before.totals.leads + 1000);
    // A write to one of the period's leads marks its day: that day alone is rebuilt from the leads.
    await db.current.prisma.$executeRaw`UPDATE leads SET status = 'won' WHERE id = ${await oldLead(s.workspace.id, 120)}::uuid`;
    const rebuilt = await getCampaignReport(s.workspace.id, { from: p.from, to: p.to }, SAO_PAULO);
    expect(rebuilt.totals.leads).toBeLessThan(tampered.totals.leads);
    expect(rebuilt.totals.leads).toBeGreaterThan(before.totals.leads);
  });

  it("reflects every change to an old lead at the next read", async () => {
    const s = await scenario("Delta", 4);
    const periods = [period(SAO_PAULO, 11, 0), period(KOLKATA, 11, 2)];
    const quick = async () => {
      for (const p of periods) {
        await expectDashboardLive(s, p);
        await expectReportLive(s, p, "campaign", "first");
        await expectReportLive(s, p, "campaign", "last");
        await expectReportLive(s, p, "medium", "first", s.links[1]!.id);
      }
    };
    await quick();
    const sql = db.current.prisma;
    const wonBefore = (await getCampaignReport(s.workspace.id, { from: periods[0]!.from }, SAO_PAULO)).totals.won;
    const lead = await oldLead(s.workspace.id);
    await sql.$executeRaw`UPDATE leads SET status = 'won' WHERE id = ${lead}::uuid AND status <> 'won'`;
    await sql.$executeRaw`UPDATE leads SET status = 'won' WHERE id = ${await oldLead(s.workspace.id, 150)}::uuid`;
    await quick();
    expect((await getCampaignReport(s.workspace.id, { from: periods[0]!.from }, SAO_PAULO)).totals.won).toBeGreaterThan(
      wonBefore,
    );
    await sql.$executeRaw`UPDATE leads SET owner_id = ${s.owners[1]!.id}::uuid WHERE id = ${lead}::uuid`;
    await quick();
    await sql.$executeRaw`UPDATE leads SET first_response_at = created_at + interval '7 minutes' WHERE id = ${lead}::uuid`;
    await quick();
    await sql.$executeRaw`UPDATE leads SET last_utm_source = 'newsletter', last_utm_medium = 'email', last_utm_campaign = 'nov' WHERE id = ${lead}::uuid`;
    await quick();
    await sql.$executeRaw`UPDATE leads SET capture_link_id = ${s.links[1]!.id}::uuid WHERE id = ${lead}::uuid`;
    await quick();
    // Moved to another day: both days change.
    await sql.$executeRaw`UPDATE leads SET created_at = created_at - interval '3 days' WHERE id = ${lead}::uuid`;
    await quick();
    await eraseLead({ workspaceId: s.workspace.id, leadId: lead, actor: CLI_ACTOR });
    await quick();
    await sql.$executeRaw`DELETE FROM leads WHERE id = ${await oldLead(s.workspace.id, 90)}::uuid`;
    await quick();
    await insertLeads(s.workspace.id, [
      s.spec(Prisma.sql`now() - interval '6 days'`),
      s.spec(Prisma.sql`now() - interval '8 days'`),
    ]);
    await quick();
    // Statuses changed in bulk, as a team does over weeks.
    await sql.$executeRaw`UPDATE leads SET status = 'contacted', first_response_at = created_at + interval '3 minutes'
      WHERE workspace_id = ${s.workspace.id}::uuid AND status = 'new' AND created_at < now() - interval '5 days'`;
    await quick();
  });

  it("marks only writes to leads created more than 24 hours ago, and only of the columns summaries read", async () => {
    const s = await scenario("Epsilon", 5);
    const marks = () => count("lead_summary_marks", s.workspace.id);
    // The marks of the summarised days (up to 3 days ago in São Paulo: the last day that ended 48 hours ago).
    const summarisedMarks = async () => {
      const [row] = await db.current.prisma.$queryRaw<{ n: number }[]>(Prisma.sql`
        SELECT count(*)::int AS n FROM lead_summary_marks WHERE workspace_id = ${s.workspace.id}::uuid
          AND created_at >= (${daysAgo(SAO_PAULO, 11)}::date::timestamp AT TIME ZONE ${SAO_PAULO})
          AND created_at < (${daysAgo(SAO_PAULO, 2)}::date::timestamp AT TIME ZONE ${SAO_PAULO})`);
      return row!.n;
    };
    // The leads inserted with a past creation instant were marked; a read builds their days and deletes those marks.
    expect(await summarisedMarks()).toBeGreaterThan(0);
    await getSpeedToLead(s.workspace.id, period(SAO_PAULO, 11, 0));
    expect(await summarisedMarks()).toBe(0);
    const start = await marks();
    // Ingest creates leads now: nothing marked, nor when they change.
    const response = await post((await createLink(s.workspace.id, { name: "Ingest" })).token, { email: uniqueEmail() });
    expect(response.status).toBe(201);
    const fresh = response.json!.leadId as string;
    await db.current.prisma.$executeRaw`UPDATE leads SET status = 'won' WHERE id = ${fresh}::uuid`;
    expect(await marks()).toBe(start);
    // An old lead: a column no summary reads changes nothing; a status does.
    const lead = await oldLead(s.workspace.id);
    await db.current.prisma
      .$executeRaw`UPDATE leads SET name = 'Ana', tags = '{vip}', updated_at = now() WHERE id = ${lead}::uuid`;
    expect(await marks()).toBe(start);
    await db.current.prisma
      .$executeRaw`UPDATE leads SET status = (CASE WHEN status = 'won' THEN 'lost' ELSE 'won' END)::lead_status
      WHERE id = ${lead}::uuid`;
    expect(await marks()).toBe(start + 1);
    expect(await summarisedMarks()).toBe(1);
    // The next read rebuilds the marked day, gives the live figures and deletes the mark its build has seen.
    await expectDashboardLive(s, period(SAO_PAULO, 11, 0));
    expect(await summarisedMarks()).toBe(0);
  });

  it("concurrent readers of the same days all answer, with the live figures", async () => {
    const s = await scenario("Zeta", 6);
    const p = period("Europe/Lisbon", 11, 0);
    const reads = await Promise.all([
      getSpeedToLead(s.workspace.id, p),
      getSpeedToLead(s.workspace.id, p),
      getDashboard(s.workspace.id, p),
      getCampaignReport(s.workspace.id, { from: p.from, to: p.to }, p.timeZone),
      getCampaignReport(s.workspace.id, { from: p.from, to: p.to, groupBy: "campaign" }, p.timeZone),
    ]);
    expect(reads).toHaveLength(5);
    await expectDashboardLive(s, p);
    await expectReportLive(s, p, "source", "first");
    await expectReportLive(s, p, "campaign", "first");
    const [days] = await db.current.prisma.$queryRaw<{ n: number }[]>(Prisma.sql`
      SELECT count(*)::int AS n FROM lead_day_builds WHERE workspace_id = ${s.workspace.id}::uuid AND time_zone = 'Europe/Lisbon'`);
    expect(days!.n).toBeGreaterThanOrEqual(9);
  });

  it.runIf(testDatabaseKind === "postgres")(
    "does not lose a change committed by a transaction that was in progress during a build",
    async () => {
      const s = await scenario("Eta", 7);
      const p = period(SAO_PAULO, 11, 0);
      const utc = period("UTC", 11, 0);
      await expectDashboardLive(s, p);
      const client = new pg.Client(db.current.connection);
      await client.connect();
      try {
        const lead = await oldLead(s.workspace.id, 120);
        await client.query("BEGIN");
        await client.query(
          "UPDATE leads SET status = 'won', first_response_at = created_at + interval '2 minutes' WHERE id = $1",
          [lead],
        );
        // Built meanwhile: a stale day of São Paulo (another lead of it changed) and UTC's days, never built.
        await db.current.prisma.$executeRaw`UPDATE leads SET owner_id = NULL
          WHERE id = (SELECT id FROM leads WHERE workspace_id = ${s.workspace.id}::uuid AND id <> ${lead}::uuid
            AND created_at >= (SELECT created_at FROM leads WHERE id = ${lead}::uuid) - interval '1 hour'
            AND created_at < now() - interval '100 hours' ORDER BY created_at LIMIT 1)`;
        await expectDashboardLive(s, p);
        await expectDashboardLive(s, utc);
        await expectReportLive(s, utc, "source", "first");
        await client.query("COMMIT");
        await expectDashboardLive(s, p);
        await expectDashboardLive(s, utc);
        await expectReportLive(s, utc, "source", "first");
        await expectReportLive(s, p, "campaign", "last");
      } finally {
        await client.end();
      }
    },
  );

  it("leaves nothing behind when a workspace is deleted", async () => {
    const s = await scenario("Theta", 8);
    await expectDashboardLive(s, period(SAO_PAULO, 11, 0));
    await db.current.prisma.$executeRaw`UPDATE leads SET status = 'won' WHERE id = ${await oldLead(s.workspace.id)}::uuid`;
    expect(await count("lead_summary_marks", s.workspace.id)).toBeGreaterThan(0);
    await db.current.prisma.workspace.delete({ where: { id: s.workspace.id } });
    for (const table of ["lead_day_builds", "lead_day_report", "lead_day_dashboard", "lead_summary_marks", "leads"])
      expect(await count(table, s.workspace.id), table).toBe(0);
  });
});

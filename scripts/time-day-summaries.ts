// Times the campaign report (the bench's three URLs) and the dashboard (30 and 90 days, getDashboard and
// getSpeedToLead together, as the page runs them) in process against a seeded PostgreSQL database: the first
// call (with --cold, after deleting the workspace's day summaries: it builds them) and then warm samples, p50
// and p95; and the same figures for the live queries the functions ran before day summaries (main at 6cdf014).
//   DATABASE_URL=postgres://… npx tsx scripts/time-day-summaries.ts [--workspace SLUG] [--samples 20] [--cold]
import { presetPeriod } from "@/lib/dashboard/dashboard-period";
import { getDashboard } from "@/lib/dashboard/get-dashboard";
import { getSpeedToLead } from "@/lib/dashboard/get-speed-to-lead";
import { closeDatabase, getDatabase } from "@/lib/db/client";
import { getCampaignReport } from "@/lib/reports/campaign-report";
import { resolveReportPeriod } from "@/lib/reports/report-period";
import { liveBreakdown, liveReport, liveSpeed } from "@/tests/support/live-reports";

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const samples = Number(option("--samples") ?? 20);
const ZONE = "America/Sao_Paulo";

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1))]!;
}

async function time(label: string, run: () => Promise<unknown>) {
  const started = performance.now();
  await run();
  const first = performance.now() - started;
  const timings: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const at = performance.now();
    await run();
    timings.push(performance.now() - at);
  }
  timings.sort((a, b) => a - b);
  const f = (ms: number) => ms.toFixed(0).padStart(6);
  console.log(
    `${label.padEnd(44)} first ${f(first)} ms  p50 ${f(percentile(timings, 0.5))}  p95 ${f(percentile(timings, 0.95))}`,
  );
}

async function main() {
  const database = await getDatabase();
  const { prisma } = database;
  const slug = option("--workspace");
  const workspace = await prisma.workspace.findFirstOrThrow({ where: slug ? { slug } : {}, select: { id: true } });
  const link = await prisma.captureLink.findFirstOrThrow({ where: { workspaceId: workspace.id }, select: { id: true } });
  if (args.includes("--cold"))
    await database.sql({ text: "DELETE FROM lead_day_builds WHERE workspace_id = $1::uuid", values: [workspace.id] });
  const load = async () =>
    (await import("node:os"))
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ");
  console.log(`load average ${await load()}`);
  const reports = [
    ["report default", {}],
    ["report groupBy=campaign&touch=last", { groupBy: "campaign", touch: "last" }],
    ["report groupBy=medium&captureLinkId", { groupBy: "medium", captureLinkId: link.id }],
  ] as const;
  for (const [label, query] of reports) await time(label, () => getCampaignReport(workspace.id, query, ZONE));
  for (const days of [30, 90] as const) {
    const period = presetPeriod(days, new Date(), ZONE);
    await time(`dashboard ${days} days`, () =>
      Promise.all([getDashboard(workspace.id, period), getSpeedToLead(workspace.id, period)]),
    );
  }
  if (!args.includes("--live")) return console.log(`load average ${await load()}`);
  const period = resolveReportPeriod({}, ZONE);
  const live = [
    ["live report default", "source", "first", undefined],
    ["live report groupBy=campaign&touch=last", "campaign", "last", undefined],
    ["live report groupBy=medium&captureLinkId", "medium", "first", link.id],
  ] as const;
  for (const [label, groupBy, touch, linkId] of live)
    await time(label, () => liveReport(database, workspace.id, period, groupBy, touch, linkId));
  for (const days of [30, 90] as const) {
    const p = presetPeriod(days, new Date(), ZONE);
    await time(`live dashboard ${days} days`, () =>
      Promise.all([liveBreakdown(database, workspace.id, p), liveSpeed(database, workspace.id, p)]),
    );
  }
  console.log(`load average ${await load()}`);
}

main()
  .then(() => closeDatabase())
  .catch(async (error) => {
    console.error(error);
    await closeDatabase();
    process.exit(1);
  });

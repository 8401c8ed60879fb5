// Times the leads table's queries (first page, and five pages on) against a seeded PostgreSQL database:
//   DATABASE_URL=postgres://… npx tsx scripts/time-leads-queries.ts [--workspace SLUG]
// The performance check behind the "leads page under 150 ms at 1M leads" figure (see docs/leads-table.md).
import { closeDatabase, getDatabase } from "@/lib/db/client";
import type { LeadFilterInput } from "@/lib/leads/lead-filter";
import { listLeadPage } from "@/lib/leads/list-leads";

const args = process.argv.slice(2);
const slug = args[args.indexOf("--workspace") + 1];

async function main() {
  const { prisma } = await getDatabase();
  const workspace = await prisma.workspace.findFirstOrThrow({
    where: args.includes("--workspace") ? { slug } : {},
    select: { id: true },
  });
  const link = await prisma.captureLink.findFirstOrThrow({ where: { workspaceId: workspace.id }, select: { id: true } });
  const only = process.env.ONLY ? new RegExp(process.env.ONLY) : undefined;
  const cases: [string, LeadFilterInput, number?][] = [
    ["default page", {}],
    ["sort oldest", { sort: "oldest" }],
    ["sort updated", { sort: "updated" }],
    ["sort name", { sort: "name" }],
    ["filter link", { link: link.id }],
    ["filter utm_source=google", { utm_source: "google" }],
    ["filter utm_source=tiktok", { utm_source: "tiktok" }],
    ["filter utm_source=none-such", { utm_source: "none-such" }],
    ["filter campaign+medium", { utm_campaign: "black-friday", utm_medium: "cpc" }],
    ["filter date range (a week)", { from: "2026-06-01", to: "2026-06-07" }],
    ["filter date + source, sort name", { from: "2026-06-01", to: "2026-06-07", utm_source: "facebook", sort: "name" }],
    ["search rare (x4242@)", { q: "x4242@" }],
    ["search common 'a'", { q: "a" }],
    ["search common 'gmail'", { q: "gmail" }],
    ["search common 'silva'", { q: "silva" }],
    ["search 'ana silva'", { q: "ana silva" }],
    ["search mid 'otávio'", { q: "otávio" }],
    ["search 'caio brandão'", { q: "caio brandão" }],
    ["search phone fragment", { q: "(11) 9876" }],
    ["search none 'zzzzqq'", { q: "zzzzqq" }],
    ["search 'silva' sort name", { q: "silva", sort: "name" }],
    ["search 'gmail' + utm tiktok", { q: "gmail", utm_source: "tiktok" }],
  ];
  for (const [label, input] of cases.filter(([name]) => !only || only.test(name))) {
    // A later page: follow Next five times first.
    const timings: number[] = [];
    let after: string | undefined;
    for (let i = 0; i < 6; i++) {
      const started = performance.now();
      const page = await listLeadPage(workspace.id, input, { after });
      timings.push(performance.now() - started);
      after = page.nextCursor;
      if (!after) break;
    }
    const [first, ...later] = timings;
    console.log(
      `${label.padEnd(36)} first ${first!.toFixed(1).padStart(7)} ms   later pages max ${
        later.length
          ? Math.max(...later)
              .toFixed(1)
              .padStart(7)
          : "    n/a"
      } ms`,
    );
  }
}

await main().finally(() => closeDatabase());

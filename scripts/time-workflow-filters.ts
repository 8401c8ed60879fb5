// Times the leads table with the workflow filters (status, owner, tag; alone and with the others) against a
// seeded PostgreSQL database, p50 and p95 of the first page and of a page five Nexts deep:
//   DATABASE_URL=postgres://… npx tsx scripts/time-workflow-filters.ts --workspace SLUG [--runs 20]
// The leads should carry workflow values first, e.g. (at 1M leads: 85 % new, 20 % owned, 10 % tagged):
//   UPDATE leads SET status = (CASE WHEN r < .85 THEN 'new' WHEN r < .92 THEN 'contacted' WHEN r < .96 THEN 'qualified'
//     WHEN r < .985 THEN 'won' ELSE 'lost' END)::lead_status, … FROM (SELECT id, random() AS r FROM leads) …
import { closeDatabase, getDatabase } from "@/lib/db/client";
import type { LeadFilterInput } from "@/lib/leads/lead-filter";
import { listLeadPage } from "@/lib/leads/list-leads";

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const runs = Number(option("--runs") ?? 20);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  const { prisma } = await getDatabase();
  const slug = option("--workspace");
  const workspace = await prisma.workspace.findFirstOrThrow({ where: slug ? { slug } : {}, select: { id: true } });
  const owners = await prisma.lead.groupBy({
    by: ["ownerId"],
    where: { workspaceId: workspace.id, ownerId: { not: null } },
    _count: true,
    orderBy: { _count: { ownerId: "desc" } },
  });
  const owner = owners[0]?.ownerId ?? undefined;
  const cases: [string, LeadFilterInput][] = [
    ["default page", {}],
    ["status=new (common)", { status: "new" }],
    ["status=contacted", { status: "contacted" }],
    ["status=won (rare)", { status: "won" }],
    ["owner=<member>", { owner }],
    ["owner=none", { owner: "none" }],
    ["tag=webinar", { tag: "webinar" }],
    ["tag=rare (50 leads)", { tag: "rare" }],
    ["tag=none-such", { tag: "none-such" }],
    ["status=won + owner", { status: "won", owner }],
    ["status=qualified + tag=vip", { status: "qualified", tag: "vip" }],
    ["status=won + utm_source=google", { status: "won", utm_source: "google" }],
    ["status=contacted + search 'silva'", { status: "contacted", q: "silva" }],
    ["owner + a week", { owner, from: "2026-06-01", to: "2026-06-07" }],
    ["tag=vip sort name", { tag: "vip", sort: "name" }],
    ["status=lost sort updated", { status: "lost", sort: "updated" }],
  ];
  for (const [label, input] of cases) {
    const first: number[] = [];
    const deep: number[] = [];
    for (let run = 0; run < runs; run++) {
      let after: string | undefined;
      for (let page = 0; page < 6; page++) {
        const started = performance.now();
        const result = await listLeadPage(workspace.id, input, { after });
        (page === 0 ? first : deep).push(performance.now() - started);
        after = result.nextCursor;
        if (!after) break;
      }
    }
    const fmt = (values: number[]) =>
      values.length
        ? `p50 ${percentile(values, 50).toFixed(1).padStart(6)} p95 ${percentile(values, 95).toFixed(1).padStart(6)} ms`
        : "n/a";
    console.log(`${label.padEnd(36)} first page ${fmt(first)}   later pages ${fmt(deep)}`);
  }
}

await main().finally(() => closeDatabase());

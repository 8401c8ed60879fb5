// Times the leads table with the workflow filters (status, owner, tag; alone and with the others) against a
// seeded PostgreSQL database, p50 and p95 of the first page and of a page five Nexts deep:
//   DATABASE_URL=postgres://… npx tsx scripts/time-workflow-filters.ts --workspace SLUG [--runs 20]
// The leads should carry workflow values first, e.g. (at 1M leads: 85 % new, 20 % owned, 10 % tagged):
//   UPDATE leads SET status = (CASE WHEN r < .85 THEN 'new' WHEN r < .92 THEN 'contacted' WHEN r < .96 THEN 'qualified'
//     WHEN r < .985 THEN 'won' ELSE 'lost' END)::lead_status, … FROM (SELECT id, random() AS r FROM leads) …
// (docs/benchmarks-log.md, "Leads table filters at 1,000,000 leads", has the whole statement.)
// With --explain, each case's first page and the page five Nexts deep also run under EXPLAIN (ANALYZE, BUFFERS):
// the shared buffers every statement of the page touched (hit + read) and the statements' own execution time.
// ONLY=<regexp> keeps the cases whose label matches.
import { closeDatabase, getDatabase } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { decodeLeadCursor } from "@/lib/leads/lead-cursor";
import { LeadFilter, type LeadFilterInput } from "@/lib/leads/lead-filter";
import { listLeadPage } from "@/lib/leads/list-leads";
import { type LeadRowsRunner, selectLeadRows } from "@/lib/leads/select-lead-rows";

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
    ["status=won + owner sort name", { status: "won", owner, sort: "name" }],
    ["status=contacted + tag=webinar", { status: "contacted", tag: "webinar" }],
    ["status=won + tag=rare", { status: "won", tag: "rare" }],
    ["status=qualified + search 'ana'", { status: "qualified", q: "ana" }],
    ["status=won + search 'gomes lima'", { status: "won", q: "gomes lima" }],
    ["status=won + utm_source=tiktok", { status: "won", utm_source: "tiktok" }],
    ["status=won + google sort name", { status: "won", utm_source: "google", sort: "name" }],
    ["owner + tag=vip", { owner, tag: "vip" }],
    ["owner + tag=vip sort name", { owner, tag: "vip", sort: "name" }],
    ["search 'silva' + tag=vip", { q: "silva", tag: "vip" }],
    ["search 'silva' + tag=vip sort name", { q: "silva", tag: "vip", sort: "name" }],
    ["status=new + owner + tag=webinar", { status: "new", owner, tag: "webinar" }],
  ];
  const only = process.env.ONLY ? new RegExp(process.env.ONLY) : undefined;
  if (args.includes("--explain")) {
    for (const [label, input] of cases) if (!only || only.test(label)) await explainCase(workspace.id, label, input);
    return;
  }
  for (const [label, input] of cases) {
    if (only && !only.test(label)) continue;
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

interface Explained {
  buffers: number;
  ms: number;
  nodes: string[];
}

/** A runner that runs each statement under EXPLAIN (ANALYZE, BUFFERS) and adds up what it read. */
function explainingRunner(totals: Explained): LeadRowsRunner<unknown> {
  const explain = async (sql: Prisma.Sql, ...settings: string[]) => {
    const { prisma } = await getDatabase();
    const [row] = await prisma.$transaction(async (tx) => {
      for (const setting of settings) await tx.$executeRawUnsafe(setting);
      return tx.$queryRaw<{ "QUERY PLAN": [{ Plan: PlanNode; "Execution Time": number }] }[]>(
        Prisma.sql`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`,
      );
    });
    const [plan] = row!["QUERY PLAN"];
    totals.buffers += plan.Plan["Shared Hit Blocks"] + plan.Plan["Shared Read Blocks"];
    totals.ms += plan["Execution Time"];
    totals.nodes.push(...indexNames(plan.Plan));
    // The rows themselves, so that selectLeadRows takes the path it takes for the page.
    return prisma.$transaction(async (tx) => {
      for (const setting of settings) await tx.$executeRawUnsafe(setting);
      return tx.$queryRaw<unknown[]>(sql);
    });
  };
  return {
    rows: (sql) => explain(sql),
    rowsFromSearchIndex: (sql) => explain(sql, "SET LOCAL enable_indexscan = off"),
    rowsWalkingIndex: (sql) => explain(sql, "SET LOCAL enable_bitmapscan = off", "SET LOCAL enable_sort = off"),
  };
}

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Shared Hit Blocks": number;
  "Shared Read Blocks": number;
  Plans?: PlanNode[];
}

function indexNames(node: PlanNode): string[] {
  return [...(node["Index Name"] ? [node["Index Name"]] : []), ...(node.Plans ?? []).flatMap(indexNames)];
}

/** Buffers and execution time of the first page and of the page five Nexts deep (warm: each runs twice). */
async function explainCase(workspaceId: string, label: string, input: LeadFilterInput) {
  const filter = LeadFilter.parse(input);
  let after: string | undefined;
  for (let page = 0; page < 6 && (page === 0 || after); page++) {
    if (page === 0 || page === 5) {
      const totals: Explained = { buffers: 0, ms: 0, nodes: [] };
      const query = { columns: Prisma.sql`l.id`, workspaceId, filter, cursor: decodeLeadCursor(after, filter.sort), limit: 51 };
      await selectLeadRows(query, explainingRunner({ buffers: 0, ms: 0, nodes: [] }));
      await selectLeadRows(query, explainingRunner(totals));
      const where = page === 0 ? "first page" : "page 6    ";
      console.log(
        `${label.padEnd(36)} ${where} ${String(totals.buffers).padStart(7)} buffers ${totals.ms.toFixed(1).padStart(7)} ms  ${[...new Set(totals.nodes)].join(", ")}`,
      );
    }
    try {
      after = (await listLeadPage(workspaceId, input, { after })).nextCursor;
    } catch (error) {
      console.log(`${label.padEnd(36)} page ${page + 1}: ${(error as Error).message}`);
      return;
    }
  }
}

await main().finally(() => closeDatabase());

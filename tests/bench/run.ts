/**
 * `npm run bench`: one production build, measured against its own ceiling (DESIGN.md section 6).
 *
 *   npm run bench               full run (1,000,000 seeded leads, 15 s per load measurement)
 *   npm run bench -- --quick    short run (20,000 leads, 3 s measurements) that CI executes so the script never rots
 *   npm run bench -- --json     one JSON object on stdout instead of the table (progress goes to stderr)
 *   npm run bench -- --ingest-only   only the no-op and ingest measurements on the empty databases (for profiling work)
 *   npm run bench -- --webhooks-only   only PostgreSQL's no-op, ingest and webhook measurements
 *
 * Throughput figures are only compared as ratios within one run: the machine is shared and noisy.
 * No-op and ingest measurements alternate, so that drift in the machine's load hits both alike.
 */
import { execFile } from "node:child_process";
import { parseArgs } from "node:util";
import pg from "pg";
import { buildIfStale } from "../../scripts/build-if-stale.mjs";
import { ROOT, removeDataDir } from "../e2e/support/server";
import { PGBOUNCER, startPgBouncer } from "../support/pgbouncer";
import {
  deepPageUrl,
  type ExportMeasure,
  giveLeadsWorkflowValues,
  measureExport,
  searchTerms,
  signIn,
  type Timing,
  timePages,
  workflowFilterQueries,
} from "./admin-timing";
import { type IngestTarget, measureFloor, measureIngest, measureNoop, prepareIngest } from "./ingest-phase";
import type { LoadResult } from "./load";
import { type MappingRounds, mappingRounds, prepareMappingLink } from "./mapping-phase";
import {
  applyTableSettings,
  type BenchServer,
  cli,
  createBenchDatabase,
  type FloorServer,
  startBenchServer,
  startFloorServer,
} from "./servers";
import { type SourcesRounds, sourcesRounds } from "./sources-phase";
import { type CpuPerRequest, cpuPerRequest, cpuSnapshot, type WebhookFigures, webhookPhase } from "./webhook-phase";

const { values: options } = parseArgs({
  options: {
    json: { type: "boolean", default: false },
    quick: { type: "boolean", default: false },
    "ingest-only": { type: "boolean", default: false },
    "webhooks-only": { type: "boolean", default: false },
    leads: { type: "string" },
    seconds: { type: "string" },
  },
});

const CONNECTIONS = 32;
const plan = options.quick
  ? {
      seconds: 3,
      warmup: 1,
      serverWarmup: 1,
      rounds: 1,
      leads: 20_000,
      pool: 300,
      pageSamples: 8,
      exportLeads: 5_000,
      webhookSeconds: 10,
    }
  : {
      seconds: 15,
      warmup: 3,
      // A server just started runs ingest's code unoptimised for several seconds: its first windows cost
      // 0.56-0.59 ms of server CPU per lead against 0.43-0.47 later (docs/benchmarks.md).
      serverWarmup: 10,
      rounds: 2,
      leads: 1_000_000,
      pool: 2_000,
      pageSamples: 40,
      exportLeads: 100_000,
      webhookSeconds: 60,
    };
if (options.leads) plan.leads = Number(options.leads);
if (options.seconds) plan.seconds = Number(options.seconds);

const progress = (message: string) => process.stderr.write(`[bench] ${message}\n`);

interface Rounds {
  noop: LoadResult[];
  ingest: LoadResult[];
  /** PostgreSQL only: the floor server (DESIGN.md section 6) under the same mix, alternated with the others. */
  floor: LoadResult[];
  /** Per ingest window, on PostgreSQL (the bench reads its cluster's processes and WAL). */
  costs: WindowCost[];
}

/** Alternates no-op and ingest measurements on a server just started, after an unmeasured warm-up of each. */
async function alternate(
  server: BenchServer,
  target: IngestTarget,
  label: string,
  client?: pg.Client,
  floor?: FloorServer,
): Promise<Rounds> {
  await measureNoop(server, plan.serverWarmup, CONNECTIONS);
  await measureIngest(server, target, plan.serverWarmup, CONNECTIONS);
  if (floor) await measureFloor(floor.url, target, plan.warmup, CONNECTIONS);
  const rounds: Rounds = { noop: [], ingest: [], floor: [], costs: [] };
  for (let round = 1; round <= plan.rounds; round += 1) {
    progress(`${label}: round ${round}/${plan.rounds}, no-op ${plan.seconds} s`);
    rounds.noop.push(await measureNoop(server, plan.seconds, CONNECTIONS));
    if (floor) {
      progress(`${label}: round ${round}/${plan.rounds}, floor ${plan.seconds} s`);
      rounds.floor.push(await measureFloor(floor.url, target, plan.seconds, CONNECTIONS));
    }
    progress(`${label}: round ${round}/${plan.rounds}, ingest ${plan.seconds} s`);
    if (client) {
      const { result, cost } = await measureIngestCost(server, target, client, plan.seconds);
      rounds.ingest.push(result);
      rounds.costs.push(cost);
    } else rounds.ingest.push(await measureIngest(server, target, plan.seconds, CONNECTIONS));
  }
  return rounds;
}

interface Combined {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
}

function combine(results: readonly LoadResult[]): Combined {
  const mean = (pick: (result: LoadResult) => number) => results.reduce((sum, result) => sum + pick(result), 0) / results.length;
  return {
    rps: mean((result) => result.rps),
    p50: mean((result) => result.p50),
    p99: mean((result) => result.p99),
    requests: results.reduce((sum, result) => sum + result.requests, 0),
    failures: results.reduce((sum, result) => sum + result.non2xx + result.errors, 0),
  };
}

/** What one ingest window cost per accepted lead: CPU ms by process group, and PostgreSQL's WAL (pg_stat_wal). */
interface WindowCost {
  cpu: CpuPerRequest;
  walBytes: number;
  fullPageImages: number;
}

interface WalTotals {
  bytes: number;
  fpi: number;
}

async function walTotals(client: pg.Client): Promise<WalTotals> {
  const { rows } = await client.query<{ bytes: string; fpi: string }>(
    "SELECT wal_bytes::text AS bytes, wal_fpi::text AS fpi FROM pg_stat_wal",
  );
  return { bytes: Number(rows[0]!.bytes), fpi: Number(rows[0]!.fpi) };
}

/**
 * An ingest measurement with what it cost, for the two figures that compare database work (empty against
 * 1,000,000 leads): where each lead's CPU went, and how much WAL it wrote, full-page images (the first change
 * of a page after a checkpoint) apart.
 */
async function measureIngestCost(
  server: BenchServer,
  target: IngestTarget,
  client: pg.Client,
  seconds: number,
): Promise<{ result: LoadResult; cost: WindowCost }> {
  const cpuBefore = await cpuSnapshot(server, client);
  const walBefore = await walTotals(client);
  const result = await measureIngest(server, target, seconds, CONNECTIONS);
  const walAfter = await walTotals(client);
  const cpu = cpuPerRequest(cpuBefore, await cpuSnapshot(server, client), result.requests);
  const perLead = (value: number) => Math.round((value / Math.max(result.requests, 1)) * 100) / 100;
  const cost = {
    cpu,
    walBytes: perLead(walAfter.bytes - walBefore.bytes),
    fullPageImages: perLead(walAfter.fpi - walBefore.fpi),
  };
  progress(
    `  ${result.rps.toFixed(1)} req/s; per lead: CPU ms ${JSON.stringify(cpu)}, WAL ${cost.walBytes} B, full-page images ${cost.fullPageImages}`,
  );
  return { result, cost };
}

function runSeed(server: BenchServer, slug: string, leads: number): Promise<{ seconds: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    execFile(
      "npm",
      ["run", "--silent", "seed", "--", "--workspace", slug, "--leads", String(leads), "--json"],
      { cwd: ROOT, env: server.cliEnv, maxBuffer: 64 * 1024 * 1024, timeout: 30 * 60_000 },
      (error, _stdout, stderr) => {
        if (error) reject(new Error(`npm run seed failed: ${stderr || error.message}`));
        else resolve({ seconds: (performance.now() - started) / 1000 });
      },
    );
  });
}

/** Autovacuum's vacuums and analyses of the two tables every request writes, so far (pg_stat_user_tables). */
async function autovacuumRuns(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ runs: number }>(
      `SELECT coalesce(sum(autovacuum_count + autoanalyze_count), 0)::int AS runs
       FROM pg_stat_user_tables WHERE relname IN ('leads', 'submissions')`,
    );
    return rows[0]?.runs ?? 0;
  } finally {
    await client.end();
  }
}

async function analyze(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("ANALYZE");
  } finally {
    await client.end();
  }
}

/** The next page's URL from a leads page's HTML (its keyset cursor), to time a page deep in the list. */
async function laterPageUrl(server: BenchServer, pageUrl: string, cookie: string, hops: number): Promise<string> {
  let url = pageUrl;
  for (let hop = 0; hop < hops; hop += 1) {
    const html = await (await fetch(url, { headers: { cookie } })).text();
    const href = /href="([^"]*[?&]after=[^"]+)"/.exec(html)?.[1];
    if (!href) throw new Error(`no next-page link on ${url}`);
    url = new URL(href.replaceAll("&amp;", "&"), server.url).toString();
  }
  return url;
}

/** Ingest through PgBouncer against straight to PostgreSQL, alternated (DESIGN.md sections 6 and 17). */
interface PoolerRounds {
  direct: LoadResult[];
  pooled: LoadResult[];
}

/**
 * A second server whose DATABASE_URL is Debian's PgBouncer in transaction mode in front of the same cluster
 * (DATABASE_POOLER=transaction, DATABASE_DIRECT_URL the cluster itself), its pool as many server connections as
 * the app's (16), measured in turns with the server that goes straight to PostgreSQL. Undefined when PgBouncer
 * is not installed (`apt-get install pgbouncer`; `.ci/run` installs it).
 */
async function poolerRounds(direct: BenchServer, databaseUrl: string, target: IngestTarget): Promise<PoolerRounds | undefined> {
  if (!PGBOUNCER) {
    progress("PgBouncer is not installed: ingest_pgbouncer_vs_direct is not measured");
    return undefined;
  }
  const bouncer = await startPgBouncer(databaseUrl, "transaction", 16);
  const pooled = await startBenchServer(bouncer.through(databaseUrl), {
    extraEnv: { DATABASE_POOLER: "transaction", DATABASE_DIRECT_URL: databaseUrl },
  });
  try {
    await measureIngest(pooled, target, plan.serverWarmup, CONNECTIONS);
    const rounds: PoolerRounds = { direct: [], pooled: [] };
    for (let round = 1; round <= plan.rounds; round += 1) {
      progress(`PostgreSQL, empty: round ${round}/${plan.rounds}, ingest through PgBouncer ${plan.seconds} s`);
      rounds.pooled.push(await measureIngest(pooled, target, plan.seconds, CONNECTIONS));
      progress(`PostgreSQL, empty: round ${round}/${plan.rounds}, ingest straight to PostgreSQL ${plan.seconds} s`);
      rounds.direct.push(await measureIngest(direct, target, plan.seconds, CONNECTIONS));
    }
    return rounds;
  } finally {
    await pooled.stop();
    await bouncer.stop();
  }
}

interface PostgresFigures {
  rounds: Rounds;
  /** Ingest through PgBouncer in transaction mode and straight, alternated; absent without PgBouncer. */
  pooler?: PoolerRounds;
  /** JSON ingest and a mapping link's (the Tally preset) alternated (issue 28). */
  mapping: MappingRounds;
  /** Ingest as JSON and as Google Ads lead forms (issue 28), alternated. */
  sources?: SourcesRounds;
  /** Where the database ran (BenchDatabase.setup). */
  setup: string;
  /** Absent with --ingest-only. */
  webhooks?: WebhookFigures;
  /** Absent with --ingest-only. */
  atScale?: ScaleFigures;
}

interface ScaleFigures {
  seedSeconds: number;
  ingest1m: Combined;
  costs1m: WindowCost[];
  /** Autovacuum runs (vacuum or analyse of leads or submissions) that started during those measurements. */
  autovacuumsDuring1m: number;
  leadsPage: Timing & { byUrl: Record<string, Timing> };
  search: Timing & { byUrl: Record<string, Timing> };
  /** The Campaigns page and the dashboard (DESIGN.md section 16: p95 ≤ 300 ms at 1,000,000 leads). */
  campaignReport: Timing & { byUrl: Record<string, Timing> };
  dashboard: Timing & { byUrl: Record<string, Timing> };
  exported: ExportMeasure;
  exportedXlsx: ExportMeasure;
}

async function postgresPhase(): Promise<PostgresFigures> {
  const database = await createBenchDatabase({ recommended: true });
  progress(`PostgreSQL: ${database.setup}, ${database.url}`);
  const server = await startBenchServer(database.url);
  // Reads the cluster's processes and WAL around ingest windows (measureIngestCost).
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await applyTableSettings(database.url);
    const email = `bench-${Date.now()}@example.com`;
    const password = "bench-password-1";
    await cli(server, ["user", "create", "--email", email, "--password", password, "--name", "Bench"]);
    const target = await prepareIngest(server, plan.pool, email);
    // Statistics, as autovacuum gathers them within its first minute (autovacuum_naptime) on a new
    // database; the measurement is of a server in its steady state, not of plans made for empty tables.
    await analyze(database.url);
    const floor = await startFloorServer(database.url, target.workspaceId, target.linkId);
    let rounds: Rounds;
    try {
      rounds = await alternate(server, target, "PostgreSQL, empty", client, floor);
    } finally {
      await floor.stop();
    }
    const pooler = await poolerRounds(server, database.url, target);
    const mappingToken = await prepareMappingLink(server, target, database.url);
    const mapping = await mappingRounds(server, target, mappingToken, { ...plan, connections: CONNECTIONS }, progress);
    const sources = await sourcesRounds(server, target, plan, CONNECTIONS, progress);
    if (options["ingest-only"]) return { rounds, pooler, mapping, sources, setup: database.setup };
    const webhooks = await webhookPhase(server, database.url, email, target, { ...plan, connections: CONNECTIONS }, progress);
    if (options["webhooks-only"]) return { rounds, pooler, mapping, sources, setup: database.setup, webhooks };

    // The million in a workspace of its own (DESIGN.md section 6: "at 1,000,000 leads in a workspace"), with its
    // own link, fields and pool of known senders: the phases above sent some 10^5 leads into the first workspace
    // within the last hour, which no workspace of a million looks like and which the report and the dashboard
    // read live (docs/benchmarks-log.md, 2026-11-28 19:45).
    const scale = await prepareIngest(server, plan.pool, email);
    progress(`PostgreSQL: seeding ${plan.leads.toLocaleString("en")} leads (npm run seed)`);
    const { seconds: seedSeconds } = await runSeed(server, scale.slug, plan.leads);
    progress(`PostgreSQL: seeded in ${seedSeconds.toFixed(1)} s`);
    // The seed writes a million leads in a minute and a half: several GB of WAL and dirty pages that a
    // checkpoint then spends minutes writing out. A database that grew to a million over months has no such
    // debt; flushed here, it is not measured as ingest's (it cost the first window after the seed a quarter
    // of its throughput in one run, docs/benchmarks-log.md).
    await client.query("CHECKPOINT");
    const autovacuumsBefore = await autovacuumRuns(database.url);
    await measureIngest(server, scale, plan.warmup, CONNECTIONS);
    const ingest1mRounds: LoadResult[] = [];
    const costs1m: WindowCost[] = [];
    for (let round = 1; round <= plan.rounds; round += 1) {
      progress(`PostgreSQL, ${plan.leads.toLocaleString("en")} leads: ingest ${plan.seconds} s`);
      const { result, cost } = await measureIngestCost(server, scale, client, plan.seconds);
      ingest1mRounds.push(result);
      costs1m.push(cost);
    }
    const autovacuumsDuring1m = (await autovacuumRuns(database.url)) - autovacuumsBefore;

    const cookie = await signIn(server, email, password);
    const leads = `${server.url}/w/${scale.slug}/leads`;
    progress("PostgreSQL: leads page and search timings");
    const pageUrls = [leads, `${leads}?sort=name`, `${leads}?utm_source=google`, await laterPageUrl(server, leads, cookie, 5)];
    // With every filter the admin offers (DESIGN.md section 6): the worst combinations of the workflow filters.
    const workflow = workflowFilterQueries(await giveLeadsWorkflowValues(database.url, scale.slug));
    pageUrls.push(...workflow.first.map((query) => `${leads}?${query}`));
    for (const query of workflow.deep) pageUrls.push(await deepPageUrl(server, `${leads}?${query}`, cookie, 5));
    const leadsPage = await timePages(pageUrls, cookie, plan.pageSamples);
    const terms = await searchTerms(database.url, scale.slug, plan.leads);
    const search = await timePages(
      terms.map((term) => `${leads}?q=${encodeURIComponent(term)}`),
      cookie,
      plan.pageSamples,
    );
    // Section 16 on the same seeded leads (with the workflow values above): the campaign report's page by each
    // grouping and touch, one link's, and the dashboard (funnel and speed to lead included) over 30 and 90 days.
    progress("PostgreSQL: campaign report and dashboard timings");
    const workspacePath = `${server.url}/w/${scale.slug}`;
    const campaignReport = await timePages(
      [
        `${workspacePath}/campaigns`,
        `${workspacePath}/campaigns?groupBy=campaign&touch=last`,
        `${workspacePath}/campaigns?groupBy=medium&captureLinkId=${scale.linkId}`,
      ],
      cookie,
      plan.pageSamples,
    );
    const dashboard = await timePages([workspacePath, `${workspacePath}?days=90`], cookie, plan.pageSamples);
    // The export on an instance of its own (PostgreSQL mode runs any number against one database), so
    // that its peak RSS is the export's footprint over a started server, not what the load measured above
    // left in the other instance's heap (V8 returns that memory only when idle, later).
    progress("PostgreSQL: CSV export of every lead (on a second, fresh instance)");
    const exporter = await startBenchServer(database.url);
    let exported: ExportMeasure;
    try {
      const exportCookie = await signIn(exporter, email, password);
      exported = await measureExport(exporter, `${exporter.url}/w/${scale.slug}/leads/export`, exportCookie);
    } finally {
      await exporter.stop();
      removeDataDir(exporter.dataDir);
    }
    // The xlsx (DESIGN.md section 13) on a fresh instance too, so its peak is its own footprint.
    progress("PostgreSQL: Excel (.xlsx) export of every lead (on a third, fresh instance)");
    const xlsxExporter = await startBenchServer(database.url);
    let exportedXlsx: ExportMeasure;
    try {
      const xlsxCookie = await signIn(xlsxExporter, email, password);
      exportedXlsx = await measureExport(
        xlsxExporter,
        `${xlsxExporter.url}/w/${scale.slug}/leads/export?format=xlsx`,
        xlsxCookie,
      );
    } finally {
      await xlsxExporter.stop();
      removeDataDir(xlsxExporter.dataDir);
    }
    return {
      rounds,
      pooler,
      mapping,
      sources,
      setup: database.setup,
      webhooks,
      atScale: {
        seedSeconds,
        ingest1m: combine(ingest1mRounds),
        costs1m,
        autovacuumsDuring1m,
        leadsPage,
        search,
        campaignReport,
        dashboard,
        exported,
        exportedXlsx,
      },
    };
  } finally {
    await client.end();
    await server.stop();
    await database.drop();
  }
}

interface EmbeddedFigures {
  rounds: Rounds;
  /** Ingest alone, then while CSV exports of the workspace's leads run back to back (absent with --ingest-only). */
  duringExport?: { exportLeads: number; idle: Combined; during: Combined; exports: number };
}

/**
 * Ingest while the CSV export runs: the embedded engine runs one statement at a time, so what matters is
 * that an export's statements are short enough for ingest's to slip between them. Exports are restarted
 * back to back so that the whole measurement sees one running.
 */
async function ingestDuringExport(
  server: BenchServer,
  target: IngestTarget,
  cookie: string,
  leads: number,
): Promise<NonNullable<EmbeddedFigures["duringExport"]>> {
  progress(`PGlite: seeding ${leads.toLocaleString("en")} leads (npm run seed, through the server's engine)`);
  await runSeed(server, target.slug, leads);
  await measureIngest(server, target, plan.warmup, CONNECTIONS);
  const idle: LoadResult[] = [];
  const during: LoadResult[] = [];
  let exports = 0;
  for (let round = 1; round <= plan.rounds; round += 1) {
    progress(`PGlite: round ${round}/${plan.rounds}, ingest ${plan.seconds} s`);
    idle.push(await measureIngest(server, target, plan.seconds, CONNECTIONS));
    progress(
      `PGlite: round ${round}/${plan.rounds}, ingest ${plan.seconds} s while exporting ${leads.toLocaleString("en")} leads`,
    );
    let loading = true;
    const exporting = (async () => {
      while (loading) {
        await measureExport(server, `${server.url}/w/${target.slug}/leads/export`, cookie);
        exports += 1;
      }
    })();
    // The export's first statements (the workspace's links and fields) run before it streams rows.
    await new Promise((resolve) => setTimeout(resolve, 200));
    try {
      during.push(await measureIngest(server, target, plan.seconds, CONNECTIONS));
    } finally {
      loading = false;
      await exporting;
    }
  }
  return { exportLeads: leads, idle: combine(idle), during: combine(during), exports };
}

async function embeddedPhase(): Promise<EmbeddedFigures> {
  const server = await startBenchServer();
  try {
    const email = `bench-${Date.now()}@example.com`;
    const password = "bench-password-1";
    await cli(server, ["user", "create", "--email", email, "--password", password, "--name", "Bench"]);
    const target = await prepareIngest(server, plan.pool, email);
    const rounds = await alternate(server, target, "PGlite");
    if (options["ingest-only"]) return { rounds };
    const cookie = await signIn(server, email, password);
    return { rounds, duringExport: await ingestDuringExport(server, target, cookie, plan.exportLeads) };
  } finally {
    await server.stop();
    removeDataDir(server.dataDir);
  }
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const ratio = (value: number) => Math.round(value * 1000) / 1000;

type Figures = Record<string, number | string>;

function scaleFigures(scale: ScaleFigures, ingestPg: Combined): Figures {
  return {
    seed_seconds: round1(scale.seedSeconds),
    ingest_pg_1m_rps: round1(scale.ingest1m.rps),
    ingest_pg_1m_p99_ms: round1(scale.ingest1m.p99),
    leads_page_p50_ms: round1(scale.leadsPage.p50),
    leads_page_p95_ms: round1(scale.leadsPage.p95),
    search_p50_ms: round1(scale.search.p50),
    search_p95_ms: round1(scale.search.p95),
    campaign_report_p50_ms: round1(scale.campaignReport.p50),
    campaign_report_p95_ms: round1(scale.campaignReport.p95),
    dashboard_p50_ms: round1(scale.dashboard.p50),
    dashboard_p95_ms: round1(scale.dashboard.p95),
    export_rows: scale.exported.rows,
    export_rows_per_s: Math.round(scale.exported.rowsPerSecond),
    export_peak_rss_mb: round1(scale.exported.peakRssMb),
    export_rss_before_mb: round1(scale.exported.rssBeforeMb),
    // The same leads as the CSV: its rows over the xlsx's time.
    export_xlsx_rows_per_s: Math.round(scale.exported.rows / scale.exportedXlsx.seconds),
    export_xlsx_mb: round1(scale.exportedXlsx.bytes / 1024 / 1024),
    export_xlsx_peak_rss_mb: round1(scale.exportedXlsx.peakRssMb),
    export_xlsx_rss_before_mb: round1(scale.exportedXlsx.rssBeforeMb),
    ingest_1m_vs_empty: ratio(scale.ingest1m.rps / ingestPg.rps),
    autovacuums_during_1m: scale.autovacuumsDuring1m,
    ingest_pg_1m_server_cpu_ms_per_lead: round3(meanOf(scale.costs1m, (cost) => cost.cpu.server)),
    ingest_pg_1m_postgres_cpu_ms_per_lead: round3(meanOf(scale.costs1m, (cost) => cost.cpu.postgres)),
    ingest_pg_1m_wal_bytes_per_lead: Math.round(meanOf(scale.costs1m, (cost) => cost.walBytes)),
    ingest_pg_1m_full_page_images_per_lead: round3(meanOf(scale.costs1m, (cost) => cost.fullPageImages)),
  };
}

function percentile(values: readonly number[], share: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** The mean over windows of one of their figures. */
function meanOf<T>(windows: readonly T[], pick: (window: T) => number): number {
  return windows.reduce((sum, window) => sum + pick(window), 0) / Math.max(windows.length, 1);
}

function webhookFigures(webhooks: WebhookFigures): Figures {
  const plain = combine(webhooks.plain);
  const withWebhook = combine(webhooks.withWebhook);
  return {
    ingest_pg_plain_rps: round1(plain.rps),
    ingest_pg_webhook_rps: round1(withWebhook.rps),
    ingest_pg_webhook_p99_ms: round1(withWebhook.p99),
    ingest_pg_webhook_vs_plain: ratio(withWebhook.rps / plain.rps),
    webhook_deliveries: webhooks.deliveries,
    webhook_delivery_p50_ms: round1(percentile(webhooks.deliveryMs, 0.5)),
    webhook_delivery_p95_ms: round1(percentile(webhooks.deliveryMs, 0.95)),
    webhook_backlog_growth: Math.max(...webhooks.backlogGrowth),
    webhook_pending_growth: Math.max(...webhooks.pendingGrowth),
    webhook_backlog_end: Math.max(...webhooks.backlogEnd),
    webhook_run_seconds: plan.webhookSeconds,
    // What an endpoint adds per lead, in CPU ms (utime + stime from /proc, mean of the rounds): the dispatcher
    // process's own, and PostgreSQL's and the server's extra over a lead without an endpoint.
    webhook_dispatcher_cpu_ms_per_lead: round3(meanOf(webhooks.cpu.withWebhook, (cpu) => cpu.dispatcher)),
    webhook_postgres_cpu_ms_per_lead_extra: round3(
      meanOf(webhooks.cpu.withWebhook, (cpu) => cpu.postgres) - meanOf(webhooks.cpu.plain, (cpu) => cpu.postgres),
    ),
    webhook_server_cpu_ms_per_lead_extra: round3(
      meanOf(webhooks.cpu.withWebhook, (cpu) => cpu.server) - meanOf(webhooks.cpu.plain, (cpu) => cpu.server),
    ),
    webhook_load_average: round1(Math.max(...webhooks.loadAverage)),
  };
}

function printTable(figures: Figures, scale: ScaleFigures | undefined): void {
  const get = (key: string) => figures[key] as number;
  const verdict = (key: string, bound: number, atLeast: boolean) =>
    (atLeast ? get(key) >= bound : get(key) <= bound) ? "met" : "MISSED";
  const leads = plan.leads.toLocaleString("en");
  const rows: [string, string, string][] = [
    ["no-op route (ceiling)", `${get("noop_rps")} req/s, p99 ${get("noop_p99_ms")} ms`, ""],
    ["floor (node:http + pg, one statement)", `${get("floor_rps")} req/s, p99 ${get("floor_p99_ms")} ms`, ""],
    [
      "ingest, PostgreSQL",
      `${get("ingest_pg_rps")} req/s, p50 ${get("ingest_pg_p50_ms")} ms, p99 ${get("ingest_pg_p99_ms")} ms`,
      "",
    ],
    ["  vs floor (≥ 0.50)", String(get("ingest_pg_vs_floor")), verdict("ingest_pg_vs_floor", 0.5, true)],
    ...(figures.ingest_pgbouncer_vs_direct === undefined
      ? []
      : ([
          [
            "ingest through PgBouncer (transaction mode)",
            `${get("ingest_pgbouncer_rps")} req/s, p99 ${get("ingest_pgbouncer_p99_ms")} ms`,
            "",
          ],
          [
            "  vs straight to PostgreSQL (≥ 0.85)",
            String(get("ingest_pgbouncer_vs_direct")),
            verdict("ingest_pgbouncer_vs_direct", 0.85, true),
          ],
        ] as [string, string, string][])),
    ["  vs no-op (≥ 1)", String(get("ingest_pg_vs_noop")), verdict("ingest_pg_vs_noop", 1, true)],
    [
      "ingest, PostgreSQL, mapping (Tally preset)",
      `${get("ingest_mapping_rps")} req/s, p99 ${get("ingest_mapping_p99_ms")} ms`,
      "",
    ],
    ["  vs JSON (≥ 0.80)", String(get("ingest_mapping_vs_json")), verdict("ingest_mapping_vs_json", 0.8, true)],
    ["  p99 vs no-op (≤ 1.5)", String(get("ingest_pg_p99_vs_noop")), verdict("ingest_pg_p99_vs_noop", 1.5, false)],
    ...(figures.ingest_google_ads_vs_json === undefined
      ? []
      : ([
          [
            "ingest as Google Ads lead forms (PostgreSQL)",
            `${get("ingest_google_ads_rps")} req/s (${get("ingest_source_json_rps")} as JSON), p99 ${get("ingest_google_ads_p99_ms")} ms`,
            "",
          ],
          ["  vs JSON (≥ 0.90)", String(get("ingest_google_ads_vs_json")), verdict("ingest_google_ads_vs_json", 0.9, true)],
        ] as [string, string, string][])),
    [
      "ingest, PGlite",
      `${get("ingest_pglite_rps")} req/s, p50 ${get("ingest_pglite_p50_ms")} ms, p99 ${get("ingest_pglite_p99_ms")} ms`,
      "",
    ],
    ["  vs no-op (≥ 0.60)", String(get("ingest_pglite_vs_noop")), verdict("ingest_pglite_vs_noop", 0.6, true)],
    ...(figures.ingest_pglite_during_export_p99_ratio !== undefined
      ? ([
          [
            `ingest, PGlite, exporting ${get("export_pglite_leads")} leads`,
            `p99 ${get("ingest_pglite_during_export_p99_ms")} ms (idle ${get("ingest_pglite_idle_p99_ms")} ms), ${get("ingest_pglite_during_export_rps")} req/s`,
            "",
          ],
          [
            "  p99 vs idle (≤ 2)",
            String(get("ingest_pglite_during_export_p99_ratio")),
            verdict("ingest_pglite_during_export_p99_ratio", 2, false),
          ],
        ] satisfies [string, string, string][])
      : []),
    ...(scale
      ? ([
          [`seed ${leads} leads`, `${get("seed_seconds")} s`, ""],
          [`ingest, PostgreSQL at ${leads}`, `${get("ingest_pg_1m_rps")} req/s, p99 ${get("ingest_pg_1m_p99_ms")} ms`, ""],
          ["  vs empty (≥ 0.95)", String(get("ingest_1m_vs_empty")), verdict("ingest_1m_vs_empty", 0.95, true)],
          [
            "leads page (p95 ≤ 100 ms)",
            `p50 ${get("leads_page_p50_ms")} ms, p95 ${get("leads_page_p95_ms")} ms`,
            verdict("leads_page_p95_ms", 100, false),
          ],
          [
            "search (p95 ≤ 100 ms)",
            `p50 ${get("search_p50_ms")} ms, p95 ${get("search_p95_ms")} ms`,
            verdict("search_p95_ms", 100, false),
          ],
          [
            "campaign report (p95 ≤ 300 ms)",
            `p50 ${get("campaign_report_p50_ms")} ms, p95 ${get("campaign_report_p95_ms")} ms`,
            verdict("campaign_report_p95_ms", 300, false),
          ],
          [
            "dashboard (p95 ≤ 300 ms)",
            `p50 ${get("dashboard_p50_ms")} ms, p95 ${get("dashboard_p95_ms")} ms`,
            verdict("dashboard_p95_ms", 300, false),
          ],
          ["CSV export", `${get("export_rows")} rows, ${get("export_rows_per_s")} rows/s`, ""],
          [
            "  peak RSS (≤ 250 MB)",
            `${get("export_peak_rss_mb")} MB (${get("export_rss_before_mb")} MB before)`,
            verdict("export_peak_rss_mb", 250, false),
          ],
          ["XLSX export", `${get("export_xlsx_rows_per_s")} rows/s, ${get("export_xlsx_mb")} MB`, ""],
          [
            "  peak RSS (≤ 250 MB)",
            `${get("export_xlsx_peak_rss_mb")} MB (${get("export_xlsx_rss_before_mb")} MB before)`,
            verdict("export_xlsx_peak_rss_mb", 250, false),
          ],
        ] satisfies [string, string, string][])
      : []),
    ...(figures.ingest_pg_webhook_vs_plain !== undefined
      ? ([
          [
            "ingest, PostgreSQL, one webhook endpoint",
            `${get("ingest_pg_webhook_rps")} req/s (${get("ingest_pg_plain_rps")} without), p99 ${get("ingest_pg_webhook_p99_ms")} ms`,
            "",
          ],
          ["  vs without (≥ 0.80)", String(get("ingest_pg_webhook_vs_plain")), verdict("ingest_pg_webhook_vs_plain", 0.8, true)],
          [
            "  commit to receiver (p95 ≤ 1,000 ms)",
            `p50 ${get("webhook_delivery_p50_ms")} ms, p95 ${get("webhook_delivery_p95_ms")} ms, ${get("webhook_deliveries")} deliveries`,
            verdict("webhook_delivery_p95_ms", 1000, false),
          ],
          [
            `  backlog (due > 1 s) growth over ${get("webhook_run_seconds")} s (≤ 0)`,
            `${get("webhook_backlog_growth")} (all pending: ${get("webhook_pending_growth")}, ${get("webhook_backlog_end")} at the end)`,
            verdict("webhook_backlog_growth", 0, false),
          ],
        ] satisfies [string, string, string][])
      : []),
    ["failed requests", String(get("failed_requests")), get("failed_requests") === 0 ? "met" : "MISSED"],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  const valueWidth = Math.max(...rows.map(([, value]) => value.length));
  console.log(`Leadlink bench (${figures.mode}, ${CONNECTIONS} connections, ${plan.seconds} s per measurement)`);
  console.log(`PostgreSQL: ${figures.postgres_setup}`);
  for (const [name, value, result] of rows) console.log(`${name.padEnd(width)}  ${value.padEnd(valueWidth)}  ${result}`);
  if (!scale) return;
  console.log("\nper page (p50 / p95 ms):");
  for (const line of perPageLines(scale)) console.log(line);
}

/** Each leads page and search timed at scale, p50 / p95: what the pooled figures are made of. */
function perPageLines(scale: ScaleFigures): string[] {
  return Object.entries({
    ...scale.leadsPage.byUrl,
    ...scale.search.byUrl,
    ...scale.campaignReport.byUrl,
    ...scale.dashboard.byUrl,
  }).map(([url, timing]) => {
    const { pathname, search } = new URL(url);
    return `  ${pathname}${search}  ${round1(timing.p50)} / ${round1(timing.p95)}`;
  });
}

function poolerFigures(pooler: PoolerRounds): Figures {
  const pooled = combine(pooler.pooled);
  const direct = combine(pooler.direct);
  return {
    ingest_pgbouncer_rps: round1(pooled.rps),
    ingest_pgbouncer_p99_ms: round1(pooled.p99),
    ingest_pgbouncer_direct_rps: round1(direct.rps),
    ingest_pgbouncer_vs_direct: ratio(pooled.rps / direct.rps),
    ingest_pgbouncer_failed_requests: pooled.failures + direct.failures,
  };
}

function sourcesFigures(sources: SourcesRounds): Figures {
  const json = combine(sources.json);
  const googleAds = combine(sources.googleAds);
  return {
    ingest_source_json_rps: round1(json.rps),
    ingest_google_ads_rps: round1(googleAds.rps),
    ingest_google_ads_p99_ms: round1(googleAds.p99),
    ingest_google_ads_vs_json: ratio(googleAds.rps / json.rps),
    ingest_sources_failed_requests: json.failures + googleAds.failures,
  };
}

async function main(): Promise<void> {
  progress(options.quick ? "quick run" : "full run");
  buildIfStale({ log: progress });

  const postgres = await postgresPhase();
  const embedded: EmbeddedFigures = options["webhooks-only"]
    ? { rounds: { noop: [], ingest: [], floor: [], costs: [] } }
    : await embeddedPhase();

  // The ceiling: every no-op measurement of the run, on both servers (the no-op route touches no database).
  const noop = combine([...postgres.rounds.noop, ...embedded.rounds.noop]);
  const ingestPg = combine(postgres.rounds.ingest);
  const floor = combine(postgres.rounds.floor);
  const ingestPglite = combine(embedded.rounds.ingest);
  const duringExport = embedded.duringExport;
  const webhooks = postgres.webhooks;
  const scale = postgres.atScale;
  const figures: Figures = {
    mode: options.quick ? "quick" : "full",
    postgres_setup: postgres.setup,
    connections: CONNECTIONS,
    seconds_per_measurement: plan.seconds,
    seeded_leads: scale ? plan.leads : 0,
    noop_rps: round1(noop.rps),
    noop_p99_ms: round1(noop.p99),
    ingest_pg_rps: round1(ingestPg.rps),
    ingest_pg_p50_ms: round1(ingestPg.p50),
    ingest_pg_p99_ms: round1(ingestPg.p99),
    ingest_pglite_rps: round1(ingestPglite.rps),
    ingest_pglite_p50_ms: round1(ingestPglite.p50),
    ingest_pglite_p99_ms: round1(ingestPglite.p99),
    floor_rps: round1(floor.rps),
    floor_p99_ms: round1(floor.p99),
    ingest_pg_vs_noop: ratio(ingestPg.rps / noop.rps),
    ingest_pg_vs_floor: ratio(ingestPg.rps / floor.rps),
    ingest_mapping_rps: round1(combine(postgres.mapping.mapping).rps),
    ingest_mapping_p99_ms: round1(combine(postgres.mapping.mapping).p99),
    ingest_mapping_failures: combine(postgres.mapping.mapping).failures,
    ingest_mapping_vs_json: ratio(combine(postgres.mapping.mapping).rps / combine(postgres.mapping.json).rps),
    ingest_pg_server_cpu_ms_per_lead: round3(meanOf(postgres.rounds.costs, (cost) => cost.cpu.server)),
    ingest_pg_postgres_cpu_ms_per_lead: round3(meanOf(postgres.rounds.costs, (cost) => cost.cpu.postgres)),
    ingest_pg_wal_bytes_per_lead: Math.round(meanOf(postgres.rounds.costs, (cost) => cost.walBytes)),
    ingest_pg_full_page_images_per_lead: round3(meanOf(postgres.rounds.costs, (cost) => cost.fullPageImages)),
    ingest_pg_p99_vs_noop: ratio(ingestPg.p99 / noop.p99),
    ingest_pglite_vs_noop: ratio(ingestPglite.rps / noop.rps),
    ...(postgres.pooler ? poolerFigures(postgres.pooler) : {}),
    ...(postgres.sources ? sourcesFigures(postgres.sources) : {}),
    ...(scale ? scaleFigures(scale, ingestPg) : {}),
    ...(webhooks ? webhookFigures(webhooks) : {}),
    ...(duringExport
      ? {
          export_pglite_leads: duringExport.exportLeads,
          exports_pglite_during_ingest: duringExport.exports,
          ingest_pglite_idle_p99_ms: round1(duringExport.idle.p99),
          ingest_pglite_during_export_p99_ms: round1(duringExport.during.p99),
          ingest_pglite_during_export_rps: round1(duringExport.during.rps),
          ingest_pglite_during_export_p99_ratio: ratio(duringExport.during.p99 / duringExport.idle.p99),
        }
      : {}),
    failed_requests:
      ingestPg.failures +
      ingestPglite.failures +
      noop.failures +
      floor.failures +
      (postgres.sources ? combine(postgres.sources.json).failures + combine(postgres.sources.googleAds).failures : 0) +
      (scale?.ingest1m.failures ?? 0) +
      (webhooks ? combine(webhooks.plain).failures + combine(webhooks.withWebhook).failures : 0) +
      (duringExport ? duringExport.idle.failures + duringExport.during.failures : 0),
  };

  if (options.json) {
    // The table's per-page breakdown goes with the progress, so a JSON run keeps it too.
    if (scale) for (const line of ["per page (p50 / p95 ms):", ...perPageLines(scale)]) progress(line);
    process.stdout.write(`${JSON.stringify(figures)}\n`);
  } else printTable(figures, scale);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

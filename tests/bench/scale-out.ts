/**
 * Past one machine, measured (docs/scaling.md): ingest with one and with two instances of the production
 * server on one PostgreSQL, where the CPU of a request goes, and what each request leaves in PostgreSQL
 * (table and index bytes, WAL bytes, rows).
 *
 *   npx tsx tests/bench/scale-out.ts [--seconds 15] [--rounds 2] [--requests 20000] [--json]
 *
 * Reuses the bench (tests/bench): the same production build, server process, preparation (a workspace, two
 * custom fields, a link, 2,000 known leads) and request mix, at the bench's 32 connections. The database
 * is a new one on the PostgreSQL of BENCH_DATABASE_URL / TEST_DATABASE_URL (default 127.0.0.1:5432),
 * dropped at the end. Every throughput figure comes with the load average and the CPU that processes
 * outside the measurement used meanwhile: on a shared machine they say how much the figure is worth.
 * WAL is attributed to this database with pg_waldump when the server's pg_wal is readable (same host,
 * run as root or postgres): other databases on the same server write WAL in the same window.
 */
import os from "node:os";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { buildIfStale } from "../../scripts/build-if-stale.mjs";
import { type RunningServer, removeDataDir, startServer, tempDataDir } from "../e2e/support/server";
import { prepareIngest } from "./ingest-phase";
import { identityFactory, ingestBody } from "./load";
import {
  attributeWal,
  type CpuSplit,
  cpuSplit,
  type Footprint,
  footprint,
  sampleCpu,
  type WalAttribution,
} from "./scale-measures";
import { createBenchDatabase, startBenchServer } from "./servers";

const { values: options } = parseArgs({
  options: {
    seconds: { type: "string", default: "15" },
    rounds: { type: "string", default: "2" },
    requests: { type: "string", default: "20000" },
    json: { type: "boolean", default: false },
  },
});
const CONNECTIONS = 32;
const SECONDS = Number(options.seconds);
const ROUNDS = Number(options.rounds);
const REQUESTS = Number(options.requests);
/** PostgreSQL's statistics collector flushes an idle backend's counters within about 10 s. */
const STATS_FLUSH_MS = 12_000;
/** What a landing page's form sends besides the body, as a current Chrome on Android does. */
const BROWSER_HEADERS = {
  "user-agent": "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  origin: "https://www.exemplo-imoveis.com.br",
  referer:
    "https://www.exemplo-imoveis.com.br/lancamentos/residencial-jardins?utm_source=google&utm_medium=cpc&utm_campaign=campaign-7",
};
const TABLES = ["submissions", "leads", "capture_link_stats", "idempotency_keys", "rate_limits"] as const;

const progress = (message: string) => process.stderr.write(`[scale-out] ${message}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- Load: the bench's mix, spread over one or more instances -----------------------------------------

interface Load {
  rps: number;
  p50: number;
  p99: number;
  /** 2xx answers. */
  ok: number;
  failures: number;
  seconds: number;
}

/**
 * autocannon against several URLs at once: it gives connection i to URL i mod n, so 32 connections over two
 * instances is 16 each, as a round-robin balancer would, and one latency histogram covers both.
 */
async function load(
  urls: string[],
  run: { seconds?: number; amount?: number },
  body: () => string,
  headers?: () => Record<string, string>,
): Promise<Load> {
  const started = performance.now();
  const result = await autocannon({
    // autocannon accepts an array of URLs (its type definitions say string).
    url: urls as unknown as string,
    connections: CONNECTIONS,
    ...(run.amount ? { amount: run.amount } : { duration: run.seconds }),
    method: "POST",
    headers: { "content-type": "application/json" },
    requests: [{ setupRequest: (request) => ({ ...request, body: body(), headers: { ...request.headers, ...headers?.() } }) }],
  });
  const seconds = (performance.now() - started) / 1000;
  const ok = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => code.startsWith("2"))
    .reduce((sum, [, stat]) => sum + (stat as { count: number }).count, 0);
  return {
    rps: ok / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok,
    failures: result.non2xx + result.errors + result.timeouts,
    seconds,
  };
}

type Measure = Load & { cpu: CpuSplit };

async function measured(monitor: pg.Client, servers: RunningServer[], run: () => Promise<Load>): Promise<Measure> {
  const pids = servers.map((server) => server.child.pid!);
  const before = await sampleCpu(monitor, pids);
  const result = await run();
  const after = await sampleCpu(monitor, pids);
  return { ...result, cpu: cpuSplit(before, after, result.ok, result.seconds) };
}

interface Growth {
  label: string;
  requests: number;
  rps: number;
  walBytes: number;
  wal: WalAttribution | undefined;
  before: Footprint;
  after: Footprint;
}

/** Sends `requests` requests of the mix (as `load` shapes them) and measures what they left behind. */
async function measureGrowth(client: pg.Client, label: string, _requests: number, send: () => Promise<Load>): Promise<Growth> {
  await sleep(STATS_FLUSH_MS);
  // A checkpoint recycles the WAL before it, and other databases on a shared server force checkpoints
  // (DROP DATABASE does) every few seconds: a temporary replication slot keeps the window's WAL until
  // pg_waldump has read it, and is dropped with this session even if the script dies.
  const slot = `leadlink_scale_${process.pid}`;
  await client.query("SELECT pg_create_physical_replication_slot($1, true, true)", [slot]);
  try {
    const before = await footprint(client, TABLES);
    const result = await send();
    await sleep(STATS_FLUSH_MS);
    const after = await footprint(client, TABLES);
    const {
      rows: [wal],
    } = await client.query<{ bytes: string }>("SELECT pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn)::text AS bytes", [
      after.lsn,
      before.lsn,
    ]);
    if (result.failures > 0) progress(`${label}: ${result.failures} failed requests`);
    const attributed = await attributeWal(client, before.lsn, after.lsn);
    return { label, requests: result.ok, rps: result.rps, walBytes: Number(wal!.bytes), wal: attributed, before, after };
  } finally {
    await client.query("SELECT pg_drop_replication_slot($1)", [slot]);
  }
}

// ---- The run ------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  buildIfStale({ log: progress });
  const database = await createBenchDatabase();
  const monitor = new pg.Client({ connectionString: database.url });
  const servers: RunningServer[] = [];
  try {
    progress(`database ${new URL(database.url).pathname.slice(1)}; starting two instances`);
    const first = await startBenchServer(database.url);
    servers.push(first);
    const second = await startBenchServer(database.url);
    servers.push(second);
    await monitor.connect();
    const target = await prepareIngest(first, 2_000);
    await monitor.query("ANALYZE");
    const ingestUrl = (server: RunningServer) => `${server.url}/ingest/${target.token}`;
    const noopUrl = (server: RunningServer) => `${server.url}/api/bench/noop`;
    const mix = () => {
      const fresh = identityFactory();
      return () => ingestBody(target.pool, fresh);
    };
    const noopBody = () => {
      const fresh = identityFactory();
      return () => ingestBody([], fresh);
    };

    const configurations = [
      { key: "noop_1", urls: [noopUrl(first)], body: noopBody },
      { key: "ingest_1", urls: [ingestUrl(first)], body: mix },
      { key: "noop_2", urls: [noopUrl(first), noopUrl(second)], body: noopBody },
      { key: "ingest_2", urls: [ingestUrl(first), ingestUrl(second)], body: mix },
    ];
    progress("warm-up");
    for (const configuration of configurations) await load(configuration.urls, { seconds: 3 }, configuration.body());
    const throughput: Record<string, Measure[]> = Object.fromEntries(configurations.map(({ key }) => [key, []]));
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const configuration of configurations) {
        progress(`round ${round}/${ROUNDS}: ${configuration.key}, ${SECONDS} s`);
        const active = configuration.urls.length === 1 ? [first] : [first, second];
        throughput[configuration.key]!.push(
          await measured(monitor, active, () => load(configuration.urls, { seconds: SECONDS }, configuration.body())),
        );
      }
    }

    progress(`growth: ${REQUESTS} requests of the mix over both instances (rate limit off, no Idempotency-Key, as the bench)`);
    const plain = await measureGrowth(monitor, "mix", REQUESTS, () =>
      load([ingestUrl(first), ingestUrl(second)], { amount: REQUESTS }, mix()),
    );

    // Every per-request write there is today, with what a browser sends: the default rate limit counted in
    // PostgreSQL (no REDIS_URL), each request from its own address as a landing page's visitors are, an
    // Idempotency-Key on each, and a browser's User-Agent, Origin and Referer (stored in the submission).
    progress(`growth: ${REQUESTS} browser-like requests with the PostgreSQL rate-limit store and an Idempotency-Key each`);
    const limited = await startServer({
      dataDir: tempDataDir(),
      env: { DATABASE_URL: database.url, INGEST_RATE_LIMIT: "120/min", TRUST_PROXY: "1", LOG_LEVEL: "warn" },
    });
    servers.push(limited);
    let sequence = 0;
    const runId = Date.now().toString(36);
    const everything = await measureGrowth(monitor, "browser-like mix + rate limit + Idempotency-Key", REQUESTS, () =>
      load([ingestUrl(limited)], { amount: REQUESTS }, mix(), () => {
        sequence += 1;
        return {
          "x-forwarded-for": `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`,
          "idempotency-key": `scale-${runId}-${sequence}`,
          ...BROWSER_HEADERS,
        };
      }),
    );
    const whole: { table: string; rows: number; bytes: number }[] = [];
    for (const table of ["submissions", "leads"]) {
      const {
        rows: [row],
      } = await monitor.query<{ rows: string; bytes: string }>(
        `SELECT (SELECT count(*) FROM ${table})::text AS rows, pg_total_relation_size('${table}')::text AS bytes`,
      );
      whole.push({ table, rows: Number(row!.rows), bytes: Number(row!.bytes) });
    }
    report({ throughput, growth: [plain, everything], whole });
  } finally {
    await monitor.end().catch(() => undefined);
    for (const server of servers) {
      await server.stop();
      removeDataDir(server.dataDir);
    }
    await database.drop();
  }
}

// ---- Output -------------------------------------------------------------------------------------------

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

function summariseThroughput(measures: Measure[]) {
  const avg = (pick: (measure: Measure) => number, digits = 1) => round(mean(measures.map(pick)), digits);
  return {
    rps: avg((m) => m.rps),
    p50_ms: avg((m) => m.p50),
    p99_ms: avg((m) => m.p99),
    each_rps: measures.map((m) => round(m.rps)),
    failures: measures.reduce((sum, m) => sum + m.failures, 0),
    cpu_ms_per_request: Object.fromEntries(
      Object.keys(measures[0]!.cpu.perRequestMs).map((key) => [
        key,
        avg((m) => m.cpu.perRequestMs[key as keyof CpuSplit["perRequestMs"]], 3),
      ]),
    ),
    cores_busy: Object.fromEntries(
      Object.keys(measures[0]!.cpu.cores).map((key) => [key, avg((m) => m.cpu.cores[key as keyof CpuSplit["cores"]], 2)]),
    ),
    loadavg: measures.map((m) => m.cpu.loadavg.map((value) => round(value, 2))),
  };
}

function summariseGrowth(growth: Growth) {
  const perRequest = (value: number) => round(value / growth.requests, 1);
  const tables = Object.fromEntries(
    TABLES.map((table) => {
      const before = growth.before.tables[table]!;
      const after = growth.after.tables[table]!;
      return [
        table,
        {
          rows_per_request: round((after.rows - before.rows) / growth.requests, 3),
          inserted_per_request: round((after.inserted - before.inserted) / growth.requests, 3),
          updated_per_request: round((after.updated - before.updated) / growth.requests, 3),
          hot_updated_per_request: round((after.hotUpdated - before.hotUpdated) / growth.requests, 3),
          deleted_per_request: round((after.deleted - before.deleted) / growth.requests, 3),
          heap_bytes_per_request: perRequest(after.heapBytes - before.heapBytes),
          index_bytes_per_request: perRequest(after.indexBytes - before.indexBytes),
          total_bytes_per_request: perRequest(after.totalBytes - before.totalBytes),
          total_mb_per_million: round((((after.totalBytes - before.totalBytes) / growth.requests) * 1e6) / 2 ** 20, 0),
        },
      ];
    }),
  );
  const wal = growth.wal;
  return {
    label: growth.label,
    requests: growth.requests,
    rps: round(growth.rps),
    wal_bytes_per_request_lsn: perRequest(growth.walBytes),
    wal_bytes_per_request_this_database: wal ? perRequest(wal.mine) : null,
    wal_full_page_share: wal ? round(wal.mineFullPages / Math.max(1, wal.mine), 2) : null,
    wal_records_per_request: wal ? round(wal.mineRecords / growth.requests, 1) : null,
    wal_full_page_records: wal ? wal.mineFullPageRecords : null,
    wal_other_databases_share: wal ? round(wal.others / Math.max(1, wal.mine + wal.others), 3) : null,
    wal_gb_per_million_this_database: wal ? round(((wal.mine / growth.requests) * 1e6) / 2 ** 30, 2) : null,
    wal_bytes_per_request_by_relation: wal
      ? Object.fromEntries(
          Object.entries(wal.byRelation)
            .sort((a, b) => b[1] - a[1])
            .map(([name, bytes]) => [name, perRequest(bytes)]),
        )
      : null,
    tables,
  };
}

function report(results: {
  throughput: Record<string, Measure[]>;
  growth: Growth[];
  whole: { table: string; rows: number; bytes: number }[];
}): void {
  const throughput = Object.fromEntries(
    Object.entries(results.throughput).map(([key, measures]) => [key, summariseThroughput(measures)]),
  );
  const figures = {
    connections: CONNECTIONS,
    seconds_per_measurement: SECONDS,
    rounds: ROUNDS,
    cpus: os.cpus().length,
    throughput,
    ingest_2_vs_1: round(throughput.ingest_2!.rps / throughput.ingest_1!.rps, 3),
    noop_2_vs_1: round(throughput.noop_2!.rps / throughput.noop_1!.rps, 3),
    growth: results.growth.map(summariseGrowth),
    whole_tables: results.whole.map((table) => ({ ...table, bytes_per_row: round(table.bytes / Math.max(1, table.rows), 0) })),
  };
  if (options.json) {
    process.stdout.write(`${JSON.stringify(figures)}\n`);
    return;
  }
  console.log(`Leadlink scale-out (${CONNECTIONS} connections, ${SECONDS} s x ${ROUNDS} rounds, ${figures.cpus} CPUs)`);
  for (const [key, value] of Object.entries(throughput)) {
    const cpu = value.cpu_ms_per_request as Record<string, number>;
    console.log(
      `${key.padEnd(9)} ${String(value.rps).padStart(7)} req/s (${value.each_rps.join(", ")}), p50 ${value.p50_ms} ms, p99 ${value.p99_ms} ms, failures ${value.failures}; ` +
        `CPU ms/request: server ${cpu.server}, postgres ${cpu.postgres} (+${cpu.pgShared} shared), load generator ${cpu.loadGenerator}, others ${cpu.others}; ` +
        `load average ${value.loadavg.map((pair) => pair.join("→")).join(", ")}`,
    );
  }
  console.log(`ingest 2 instances / 1: ${figures.ingest_2_vs_1}; no-op 2 / 1: ${figures.noop_2_vs_1}`);
  for (const growth of figures.growth) console.log(`\n${JSON.stringify(growth, null, 2)}`);
  console.log(`\nwhole tables: ${JSON.stringify(figures.whole_tables)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

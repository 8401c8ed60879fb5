/**
 * Not part of `npm run bench`: issue 11's figures for two or more server configurations, alternated in one
 * run on one cluster, so that the machine's drift between runs (±0.1 on these ratios) does not decide which
 * is better. Each variant is a set of environment variables the server starts with; per round and variant a
 * fresh server measures plain ingest, then ingest with one endpoint while the backlog is sampled every 250 ms.
 *
 *   npx tsx tests/bench/webhook-ab.ts [rounds = 3] [plain s = 10] [webhook s = 30] NAME:KEY=VALUE,KEY=VALUE ...
 *
 * Prints per window: req/s of each, their ratio, CPU ms per lead of each process group, and the backlog
 * (pending messages): its mean, the growth of the last three 1 s samples over the first three, the same from
 * the means of the last and first 10 s, and the most messages due for over 1 s (the bench's backlog) seen.
 */
import fs from "node:fs";
import pg from "pg";
import { tempDataDir } from "../e2e/support/server";
import { measureIngest, prepareIngest } from "./ingest-phase";
import { applyTableSettings, createBenchDatabase, startBenchServer } from "./servers";
import { cpuPerRequest, cpuSnapshot, drain, pendingMessages, startBenchReceiver, subscribe } from "./webhook-phase";

const [roundsArg = "3", plainArg = "10", webhookArg = "30", ...variantArgs] = process.argv.slice(2);
const rounds = Number(roundsArg);
const plainSeconds = Number(plainArg);
const webhookSeconds = Number(webhookArg);
const variants = variantArgs.map((arg) => {
  const [name, settings = ""] = arg.split(":");
  const env: Record<string, string> = {};
  for (const pair of settings.split(",").filter(Boolean)) {
    const [key, value = ""] = pair.split("=");
    env[key!] = value;
  }
  return { name: name!, env };
});
if (variants.length === 0) variants.push({ name: "as-is", env: {} });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);
const load = () => Number(fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0]);

/**
 * BENCH_STATEMENTS=1 (with BENCH_PG_SETTINGS=shared_preload_libraries=pg_stat_statements): after each window, plain
 * and with the endpoint, the statements PostgreSQL spent most time on during it, per lead of the window (time inside
 * PostgreSQL, waits and CPU contention included: compare statements within one window, not CPU).
 */
const statements = process.env.BENCH_STATEMENTS === "1";
async function printStatements(client: pg.Client, leads: number, window: string): Promise<void> {
  const { rows } = await client.query<{ query: string; calls: string; ms: number; rows: string }>(
    `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query, calls, total_exec_time + total_plan_time AS ms, rows
     FROM pg_stat_statements ORDER BY total_exec_time + total_plan_time DESC LIMIT 15`,
  );
  for (const row of rows)
    console.log(
      JSON.stringify({
        window,
        msPerLead: Math.round((row.ms / leads) * 1000) / 1000,
        callsPerLead: Math.round((Number(row.calls) / leads) * 1000) / 1000,
        rowsPerCall: Math.round((Number(row.rows) / Math.max(Number(row.calls), 1)) * 10) / 10,
        query: row.query,
      }),
    );
}

const database = await createBenchDatabase({ recommended: true });
const dataDir = tempDataDir();
const start = (env: Record<string, string>) => startBenchServer(database.url, { extraEnv: env, dataDir });

const receiver = await startBenchReceiver();
const client = new pg.Client({ connectionString: database.url });
await client.connect();
if (statements) await client.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
try {
  let server = await start({});
  await applyTableSettings(database.url);
  const plain = await prepareIngest(server, 2000);
  const hooked = await prepareIngest(server, 2000);
  await subscribe(server, hooked.slug, receiver.url());
  const { rows } = await client.query<{ id: string }>("SELECT id FROM workspaces WHERE slug = $1", [hooked.slug]);
  const workspaceId = rows[0]!.id;
  await client.query("ANALYZE");
  await server.stop();

  for (let round = 1; round <= rounds; round++) {
    for (const variant of variants) {
      server = await start(variant.env);
      // Long enough for V8 to have compiled ingest's paths: after 3 s the first (plain) window still paid for it.
      await measureIngest(server, plain, 8, 32);
      await measureIngest(server, hooked, 8, 32);
      await drain(client, workspaceId, 60_000);
      if (statements) await client.query("SELECT pg_stat_statements_reset()");
      let before = await cpuSnapshot(server, client, receiver);
      const loadBefore = load();
      const plainLoad = await measureIngest(server, plain, plainSeconds, 32);
      if (statements) await printStatements(client, plainLoad.requests, "plain");
      const plainCpu = cpuPerRequest(before, await cpuSnapshot(server, client, receiver), plainLoad.requests);
      const samples: number[] = [];
      const overdue: number[] = [];
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const sample = await pendingMessages(client, workspaceId);
          samples.push(sample.pending);
          overdue.push(sample.overdue);
          await sleep(250);
        }
      })();
      if (statements) await client.query("SELECT pg_stat_statements_reset()");
      before = await cpuSnapshot(server, client, receiver);
      const hookLoad = await measureIngest(server, hooked, webhookSeconds, 32);
      const hookCpu = cpuPerRequest(before, await cpuSnapshot(server, client, receiver), hookLoad.requests);
      sampling = false;
      await sampler;
      const perSecond = samples.filter((_, index) => index % 4 === 0);
      const benchGrowth = mean(perSecond.slice(-3)) - mean(perSecond.slice(0, 3));
      const tenSeconds = Math.min(40, Math.floor(samples.length / 3));
      const windowGrowth = mean(samples.slice(-tenSeconds)) - mean(samples.slice(0, tenSeconds));
      if (statements) await printStatements(client, hookLoad.requests, "webhook");
      await drain(client, workspaceId, 120_000);
      const received = await receiver.take();
      const latencies = received.latencies.sort((a, b) => a - b);
      console.log(
        JSON.stringify({
          round,
          variant: variant.name,
          load: loadBefore,
          plainRps: Math.round(plainLoad.rps),
          webhookRps: Math.round(hookLoad.rps),
          ratio: Math.round((hookLoad.rps / plainLoad.rps) * 1000) / 1000,
          plainCpu,
          hookCpu,
          pendingMean: Math.round(mean(samples) * 10) / 10,
          benchGrowth: Math.round(benchGrowth * 10) / 10,
          windowGrowth: Math.round(windowGrowth * 10) / 10,
          overdueMax: Math.max(0, ...overdue),
          p50: latencies[Math.floor(latencies.length * 0.5)],
          p95: latencies[Math.floor(latencies.length * 0.95)],
        }),
      );
      await server.stop();
    }
  }
} finally {
  await client.end();
  await receiver.close();
  await database.drop();
}

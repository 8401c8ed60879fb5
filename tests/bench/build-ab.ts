// Not part of `npm run bench`: this checkout's build against another checkout's build (e.g. main's, copied
// with its .next), alternated, on PostgreSQL (a cluster of the bench's own with README's recommended settings)
// or on the embedded engine. Per round and build, a fresh server on the same database: no-op then ingest at
// 32 connections, with the CPU time per request of the server process, of its main (JS) thread alone, and
// of every process of the cluster, read from /proc (which holds up better than req/s on a shared machine).
//   npx tsx tests/bench/build-ab.ts <other root> [seconds per measurement] [rounds] [postgres|embedded]

import fs from "node:fs";
import pg from "pg";
import { ROOT, startServer, tempDataDir } from "../e2e/support/server";
import { measureIngest, measureNoop, prepareIngest } from "./ingest-phase";
import { applyTableSettings, type BenchServer, processCpuMs as cpuMs, createBenchDatabase } from "./servers";

const other = process.argv[2];
if (!other || !fs.existsSync(`${other}/.next/BUILD_ID`)) throw new Error("usage: build-ab.ts <other root with a build> ...");
const seconds = Number(process.argv[3] ?? 8);
const rounds = Number(process.argv[4] ?? 2);
const embedded = process.argv[5] === "embedded";
const database = embedded ? { url: undefined, drop: async () => {} } : await createBenchDatabase({ recommended: true });
const admin = database.url ? new pg.Client({ connectionString: database.url }) : undefined;
await admin?.connect();
const embeddedDir = tempDataDir();

/** CPU ms of a process's main thread alone (the thread that runs JavaScript). */
function mainThreadCpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** CPU ms of every process of the cluster (its own: nothing else uses it), by pid. */
async function clusterCpu(): Promise<Map<number, number>> {
  if (!admin) return new Map();
  const { rows } = await admin.query<{ pid: number }>("SELECT pid FROM pg_stat_activity");
  return new Map(rows.map((row) => [row.pid, cpuMs(row.pid)]));
}

function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, end] of after) total += end - (before.get(pid) ?? 0);
  return total;
}

const load = () => fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const builds = { this: ROOT, other };
let prepared: Awaited<ReturnType<typeof prepareIngest>> | undefined;
try {
  for (let round = 0; round < rounds; round++) {
    const order = (round % 2 === 0 ? ["other", "this"] : ["this", "other"]) as (keyof typeof builds)[];
    for (const build of order) {
      const dataDir = embedded ? embeddedDir : tempDataDir();
      const env = { LEADLINK_BENCH: "1", INGEST_RATE_LIMIT: "off", LOG_LEVEL: "warn", DATABASE_URL: database.url };
      const running = await startServer({ dataDir, env, root: builds[build] });
      const server: BenchServer = {
        ...running,
        cliEnv: {
          ...process.env,
          DATA_DIR: dataDir,
          LOG_LEVEL: "warn",
          NEXT_TELEMETRY_DISABLED: "1",
          ...(database.url ? { DATABASE_URL: database.url } : {}),
        },
      };
      if (!database.url) delete server.cliEnv.DATABASE_URL;
      try {
        if (!prepared) {
          // After the first server's migrations, as run.ts does.
          if (database.url) await applyTableSettings(database.url);
          prepared = await prepareIngest(server, 2000);
          await admin?.query("ANALYZE");
        }
        await measureNoop(server, 2, 32);
        await measureIngest(server, prepared, 2, 32);
        const pid = server.child.pid!;
        const c0 = cpuMs(pid);
        const m0 = mainThreadCpuMs(pid);
        const noop = await measureNoop(server, seconds, 32);
        const c1 = cpuMs(pid);
        const m1 = mainThreadCpuMs(pid);
        const p1 = await clusterCpu();
        const ingest = await measureIngest(server, prepared, seconds, 32);
        const c2 = cpuMs(pid);
        const m2 = mainThreadCpuMs(pid);
        const p2 = await clusterCpu();
        const perRequest = (ms: number, requests: number) => (ms / requests).toFixed(3);
        console.log(
          [
            `round ${round + 1} ${build} build (load ${load()})`,
            `noop ${noop.rps.toFixed(0)} req/s p99 ${noop.p99} ms, server ${perRequest(c1 - c0, noop.requests)} (main thread ${perRequest(m1 - m0, noop.requests)}) ms/req`,
            `ingest ${ingest.rps.toFixed(0)} req/s p99 ${ingest.p99} ms, server ${perRequest(c2 - c1, ingest.requests)} (main thread ${perRequest(m2 - m1, ingest.requests)}) ms/req, postgres ${perRequest(cpuSince(p1, p2), ingest.requests)} ms/req`,
            `ratio ${(ingest.rps / noop.rps).toFixed(3)}, p99 ratio ${(ingest.p99 / noop.p99).toFixed(3)}, main-thread CPU ratio noop/ingest ${((m1 - m0) / noop.requests / ((m2 - m1) / ingest.requests)).toFixed(3)}, non-2xx ${ingest.non2xx}`,
          ].join("; "),
        );
      } finally {
        await server.stop();
      }
    }
  }
} finally {
  await admin?.end();
  await database.drop();
}

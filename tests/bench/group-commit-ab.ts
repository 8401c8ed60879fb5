// Not part of `npm run bench`: INGEST_GROUP_COMMIT on and off, alternated, on PostgreSQL (a cluster of the
// bench's own with README's recommended settings) or on the embedded engine. Per round and setting, a fresh
// server on the same database (the same DATA_DIR when embedded): no-op then ingest at 32 connections, with
// the CPU time per request of the server process (the embedded engine's worker included) and of every
// process of the cluster (read from /proc, which holds up better than req/s on a shared machine).
//   npx tsx tests/bench/group-commit-ab.ts [seconds per measurement] [rounds] [postgres|embedded]

import fs from "node:fs";
import pg from "pg";
import { startServer, tempDataDir } from "../e2e/support/server";
import { measureIngest, measureNoop, prepareIngest } from "./ingest-phase";
import { applyTableSettings, type BenchServer, processCpuMs as cpuMs, createBenchDatabase } from "./servers";

const seconds = Number(process.argv[2] ?? 8);
const rounds = Number(process.argv[3] ?? 2);
const embedded = process.argv[4] === "embedded";
const database = embedded ? { url: undefined, drop: async () => {} } : await createBenchDatabase({ recommended: true });
const admin = database.url ? new pg.Client({ connectionString: database.url }) : undefined;
await admin?.connect();
const embeddedDir = tempDataDir();

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
let prepared: Awaited<ReturnType<typeof prepareIngest>> | undefined;
const rows: string[] = [];
try {
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ["on", "off"] : ["off", "on"];
    for (const mode of order) {
      const dataDir = embedded ? embeddedDir : tempDataDir();
      const env = {
        LEADLINK_BENCH: "1",
        INGEST_RATE_LIMIT: "off",
        LOG_LEVEL: "warn",
        DATABASE_URL: database.url,
        INGEST_GROUP_COMMIT: mode,
      };
      const running = await startServer({ dataDir, env });
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
        const noop = await measureNoop(server, seconds, 32);
        const c1 = cpuMs(pid);
        const p1 = await clusterCpu();
        const ingest = await measureIngest(server, prepared, seconds, 32);
        const c2 = cpuMs(pid);
        const p2 = await clusterCpu();
        const line = [
          `round ${round + 1} group commit ${mode} (load ${load()})`,
          `noop ${noop.rps.toFixed(0)} req/s p99 ${noop.p99} ms, server ${((c1 - c0) / noop.requests).toFixed(3)} ms/req`,
          `ingest ${ingest.rps.toFixed(0)} req/s p99 ${ingest.p99} ms, server ${((c2 - c1) / ingest.requests).toFixed(3)} ms/req, postgres ${(cpuSince(p1, p2) / ingest.requests).toFixed(3)} ms/req`,
          `ratio ${(ingest.rps / noop.rps).toFixed(3)}, p99 ratio ${(ingest.p99 / noop.p99).toFixed(3)}, non-2xx ${ingest.non2xx}`,
        ].join("; ");
        console.log(line);
        rows.push(line);
      } finally {
        await server.stop();
      }
    }
  }
} finally {
  await admin?.end();
  await database.drop();
}

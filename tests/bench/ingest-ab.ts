// Not part of `npm run bench`: issue 10's ratio (ingest over the no-op route) for two or more server
// configurations, alternated in one run on one database, so that the machine's drift between runs does not
// decide which is better. On PostgreSQL (a cluster of the bench's own with docs/deployment.md's recommended settings) or on
// the embedded engine. Per round and variant, a fresh server on the same database (the same DATA_DIR when
// embedded): no-op then ingest at 32 connections, with the CPU time per request of the server process (the
// embedded engine's worker included), of its main (JS) thread alone, and of every process of the cluster (read
// from /proc, which holds up better than req/s on a shared machine).
//
//   npx tsx tests/bench/ingest-ab.ts [seconds per measurement = 8] [rounds = 2] [postgres|embedded] NAME:KEY=VALUE,… …
//
// A variant is the environment its server starts with, e.g. `on:INGEST_GROUP_COMMIT=on off:INGEST_GROUP_COMMIT=off`;
// the key @socket=1 connects the server to PostgreSQL through the cluster's Unix socket instead of TCP, and
// @root=PATH runs another checkout's build instead of this one (e.g. main's, copied with its .next:
// `this: main:@root=/tmp/main`). @pooler=direct runs the server with DATABASE_POOLER=transaction straight to
// PostgreSQL (nothing prepared by name); @pooler=pgbouncer through a PgBouncer of its own in transaction mode
// (16 server connections, the app's pool), as `npm run bench` measures ingest_pgbouncer_vs_direct.

import fs from "node:fs";
import pg from "pg";
import { startServer, tempDataDir } from "../e2e/support/server";
import { startPgBouncer } from "../support/pgbouncer";
import { measureIngest, measureNoop, prepareIngest } from "./ingest-phase";
import { applyTableSettings, type BenchServer, processCpuMs as cpuMs, createBenchDatabase } from "./servers";

const [secondsArg = "8", roundsArg = "2", modeArg = "postgres", ...variantArgs] = process.argv.slice(2);
const seconds = Number(secondsArg);
const rounds = Number(roundsArg);
const embedded = modeArg === "embedded";
const variants = variantArgs.map((arg) => {
  const [name, settings = ""] = arg.split(":");
  const env: Record<string, string> = {};
  for (const pair of settings.split(",").filter(Boolean)) {
    const at = pair.indexOf("=");
    env[at < 0 ? pair : pair.slice(0, at)] = at < 0 ? "" : pair.slice(at + 1);
  }
  return { name: name!, env };
});
if (variants.length === 0) variants.push({ name: "as-is", env: {} });

const database = embedded
  ? { url: undefined, socketUrl: undefined, drop: async () => {} }
  : await createBenchDatabase({ recommended: true });
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

/** CPU ms of a process's main thread alone (the thread that runs JavaScript). */
function mainThreadCpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** The server's peak resident memory so far (VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Math.round(Number(match[1]) / 1024) : Number.NaN;
}

function databaseUrlOf(env: Record<string, string>): string | undefined {
  if (env["@socket"] !== "1") return database.url;
  if (!database.socketUrl) throw new Error("@socket=1 needs a cluster of the bench's own (PostgreSQL's server binaries)");
  return database.socketUrl;
}

const load = () => fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
let prepared: Awaited<ReturnType<typeof prepareIngest>> | undefined;
try {
  for (let round = 0; round < rounds; round++) {
    // Each round starts with the next variant, so that no variant always runs first.
    const order = variants.map((_, index) => variants[(index + round) % variants.length]!);
    for (const variant of order) {
      const dataDir = embedded ? embeddedDir : tempDataDir();
      const databaseUrl = databaseUrlOf(variant.env);
      const { "@socket": _socket, "@root": root, "@pooler": pooler, ...settings } = variant.env;
      if (root && !fs.existsSync(`${root}/.next/BUILD_ID`)) throw new Error(`@root=${root}: no build there (.next/BUILD_ID)`);
      if (pooler && !databaseUrl) throw new Error("@pooler needs PostgreSQL");
      const bouncer = pooler === "pgbouncer" ? await startPgBouncer(databaseUrl!, "transaction", 16) : undefined;
      const poolerEnv = pooler
        ? {
            DATABASE_POOLER: "transaction",
            DATABASE_DIRECT_URL: databaseUrl!,
            DATABASE_URL: bouncer?.through(databaseUrl!) ?? databaseUrl!,
          }
        : {};
      const env = {
        LEADLINK_BENCH: "1",
        INGEST_RATE_LIMIT: "off",
        LOG_LEVEL: "warn",
        DATABASE_URL: databaseUrl,
        ...poolerEnv,
        ...settings,
      };
      const running = await startServer({ dataDir, env, ...(root ? { root } : {}) });
      const server: BenchServer = {
        ...running,
        cliEnv: {
          ...process.env,
          DATA_DIR: dataDir,
          LOG_LEVEL: "warn",
          NEXT_TELEMETRY_DISABLED: "1",
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        },
      };
      if (!databaseUrl) delete server.cliEnv.DATABASE_URL;
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
        const line = [
          `round ${round + 1} ${variant.name} (load ${load()})`,
          `noop ${noop.rps.toFixed(0)} req/s p99 ${noop.p99} ms, server ${perRequest(c1 - c0, noop.requests)} (main thread ${perRequest(m1 - m0, noop.requests)}) ms/req`,
          `ingest ${ingest.rps.toFixed(0)} req/s p99 ${ingest.p99} ms, server ${perRequest(c2 - c1, ingest.requests)} (main thread ${perRequest(m2 - m1, ingest.requests)}) ms/req, postgres ${perRequest(cpuSince(p1, p2), ingest.requests)} ms/req`,
          `ratio ${(ingest.rps / noop.rps).toFixed(3)}, p99 ratio ${(ingest.p99 / noop.p99).toFixed(3)}, non-2xx ${ingest.non2xx}`,
          `server peak RSS ${peakRssMb(pid)} MB`,
        ].join("; ");
        console.log(line);
      } finally {
        await server.stop();
        await bouncer?.stop();
      }
    }
  }
} finally {
  await admin?.end();
  await database.drop();
}

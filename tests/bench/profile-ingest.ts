// Not part of `npm run bench`: the server's CPU time per request (from /proc) for the no-op route and for
// ingest on PostgreSQL, alternated, and optionally a CPU profile of the server (inspector, see
// cpu-profile-preload.mjs; `--cpu-prof` is not allowed in NODE_OPTIONS) written to <profile dir> when it stops.
//   npx tsx tests/bench/profile-ingest.ts <profile dir> [seconds per measurement] [profile|none]

import path from "node:path";
import { startServer, tempDataDir } from "../e2e/support/server";
import { measureIngest, measureNoop, prepareIngest } from "./ingest-phase";
import { type BenchServer, processCpuMs as cpuMs, createBenchDatabase } from "./servers";

const dir = process.argv[2] ?? "/tmp/engine/prof";
const seconds = Number(process.argv[3] ?? 8);
const mode = process.argv[4] ?? "profile";
const database = await createBenchDatabase({ recommended: true });
const dataDir = tempDataDir();
const env = {
  LEADLINK_BENCH: "1",
  INGEST_RATE_LIMIT: "off",
  LOG_LEVEL: "warn",
  DATABASE_URL: database.url,
  NODE_OPTIONS: mode === "none" ? "" : `--import ${path.join(import.meta.dirname, "cpu-profile-preload.mjs")}`,
  PROFILE_DIR: dir,
};
const running = await startServer({ dataDir, env });
const server: BenchServer = {
  ...running,
  cliEnv: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", NEXT_TELEMETRY_DISABLED: "1", DATABASE_URL: database.url },
};
try {
  const target = await prepareIngest(server, 300);
  await measureNoop(server, 2, 32);
  await measureIngest(server, target, 2, 32);
  for (let round = 0; round < 2; round++) {
    const pid = server.child.pid!;
    const c0 = cpuMs(pid);
    const noop = await measureNoop(server, seconds, 32);
    const c1 = cpuMs(pid);
    const ingest = await measureIngest(server, target, seconds, 32);
    const c2 = cpuMs(pid);
    console.log(
      `cpu ms/request: noop ${((c1 - c0) / noop.requests).toFixed(3)}, ingest ${((c2 - c1) / ingest.requests).toFixed(3)}`,
    );
    console.log(
      `round ${round + 1}: noop ${noop.rps.toFixed(0)} req/s p99 ${noop.p99}; ingest ${ingest.rps.toFixed(0)} req/s p99 ${ingest.p99}; ratio ${(ingest.rps / noop.rps).toFixed(3)}; non2xx ${ingest.non2xx}`,
    );
  }
} finally {
  await server.stop();
  await database.drop();
}

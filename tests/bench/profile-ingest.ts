// Not part of `npm run bench`: the server's CPU time per request (from /proc) for the no-op route and for
// ingest on PostgreSQL, alternated, and optionally a CPU profile of the server's main thread for each window
// (inspector, see cpu-profile-preload.mjs; `--cpu-prof` is not allowed in NODE_OPTIONS), written to
// <profile dir> as server-<pid>-<n>.cpuprofile: odd n the no-op's windows, even n ingest's. Summarise them
// with tests/bench/profile-summary.ts.
//   npx tsx tests/bench/profile-ingest.ts <profile dir> [seconds per measurement] [profile|none] [rounds = 2]

import fs from "node:fs";
import path from "node:path";
import { startServer, tempDataDir } from "../e2e/support/server";
import { measureIngest, measureNoop, prepareIngest } from "./ingest-phase";
import { type BenchServer, processCpuMs as cpuMs, createBenchDatabase } from "./servers";

const dir = process.argv[2] ?? "/tmp/engine/prof";
const seconds = Number(process.argv[3] ?? 8);
const mode = process.argv[4] ?? "profile";
const rounds = Number(process.argv[5] ?? 2);
fs.mkdirSync(dir, { recursive: true });
const database = await createBenchDatabase({ recommended: true });
const dataDir = tempDataDir();
const env = {
  LEADLINK_BENCH: "1",
  INGEST_RATE_LIMIT: "off",
  LOG_LEVEL: "warn",
  DATABASE_URL: database.url,
  NODE_OPTIONS: mode === "none" ? "" : `--import ${path.join(import.meta.dirname, "cpu-profile-preload.mjs")}`,
  PROFILE_DIR: dir,
  PROFILE_ON_SIGNAL: "1",
  PROFILE_HEAP: process.env.PROFILE_HEAP ?? "0",
};
const running = await startServer({ dataDir, env });
const server: BenchServer = {
  ...running,
  cliEnv: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", NEXT_TELEMETRY_DISABLED: "1", DATABASE_URL: database.url },
};
/** Starts or writes the server's profile (SIGUSR2); a no-op without profiling. */
const toggleProfile = async () => {
  if (mode === "none") return;
  server.child.kill("SIGUSR2");
  // Two signals sent at once would arrive as one.
  await new Promise((resolve) => setTimeout(resolve, 300));
};
try {
  const target = await prepareIngest(server, 300);
  await measureNoop(server, 2, 32);
  await measureIngest(server, target, 2, 32);
  for (let round = 0; round < rounds; round++) {
    const pid = server.child.pid!;
    await toggleProfile();
    const c0 = cpuMs(pid);
    const noop = await measureNoop(server, seconds, 32);
    const c1 = cpuMs(pid);
    await toggleProfile();
    await toggleProfile();
    const c2 = cpuMs(pid);
    const ingest = await measureIngest(server, target, seconds, 32);
    const c3 = cpuMs(pid);
    await toggleProfile();
    console.log(
      `round ${round + 1}: noop ${noop.rps.toFixed(0)} req/s p99 ${noop.p99}, ${noop.requests} requests, cpu ${((c1 - c0) / noop.requests).toFixed(3)} ms/req; ` +
        `ingest ${ingest.rps.toFixed(0)} req/s p99 ${ingest.p99}, ${ingest.requests} requests, cpu ${((c3 - c2) / ingest.requests).toFixed(3)} ms/req; ` +
        `ratio ${(ingest.rps / noop.rps).toFixed(3)}; non2xx ${ingest.non2xx}`,
    );
  }
} finally {
  await server.stop();
  await database.drop();
}

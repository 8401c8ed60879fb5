import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { ROOT, type RunningServer, startServer, tempDataDir } from "../e2e/support/server";
import { createThrowawayPostgres, postgresBinariesPresent } from "../e2e/support/throwaway-postgres";

export const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface BenchDatabase {
  url: string;
  /** Where it runs: "recommended settings (own cluster)" or "the server at ADMIN_URL". */
  setup: string;
  /** The same database through a Unix socket, on a cluster of the bench's own. */
  socketUrl?: string;
  drop: () => Promise<void>;
}

const MEGABYTE = 1024 * 1024;

/**
 * docs/deployment.md's "PostgreSQL settings we recommend", for a cluster of the bench's own. `shared_buffers` and
 * `effective_cache_size` are 25 % and 50 % of RAM, capped at 2 GB and 4 GB: the machine is shared, and what the
 * recommendation buys (the leads' indexes in shared memory at 1,000,000 leads, a few hundred MB) fits well within.
 */
export function recommendedSettings(): Record<string, string> {
  const ram = os.totalmem();
  const megabytes = (bytes: number) => `${Math.floor(bytes / MEGABYTE)}MB`;
  return {
    fsync: "on",
    synchronous_commit: "on",
    shared_buffers: megabytes(Math.min(ram / 4, 2048 * MEGABYTE)),
    effective_cache_size: megabytes(Math.min(ram / 2, 4096 * MEGABYTE)),
    random_page_cost: "1.1",
    max_wal_size: "4GB",
    checkpoint_timeout: "15min",
    wal_compression: "on",
    work_mem: "16MB",
    // A diagnosis adds its own (e.g. BENCH_PG_SETTINGS=shared_preload_libraries=pg_stat_statements).
    ...Object.fromEntries(
      (process.env.BENCH_PG_SETTINGS ?? "")
        .split(",")
        .filter(Boolean)
        .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
    ),
  };
}

/** docs/deployment.md's per-table autovacuum thresholds for the two tables that grow by every request (after migrations). */
export async function applyTableSettings(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // `submissions` is partitioned (issue 30): the settings go on its partitions, and months created later
    // take the legacy partition's (lib/db/submission-partitions.ts).
    const { rows } = await client.query<{ name: string }>(
      `SELECT inhrelid::regclass::text AS name FROM pg_inherits WHERE inhparent = 'submissions'::regclass`,
    );
    for (const table of ["leads", ...(rows.length > 0 ? rows.map((row) => row.name) : ["submissions"])])
      await client.query(
        `ALTER TABLE ${table} SET (autovacuum_vacuum_scale_factor = 0.05, autovacuum_analyze_scale_factor = 0.02)`,
      );
  } finally {
    await client.end();
  }
}

/**
 * The bench's PostgreSQL database: with `recommended`, on a cluster of its own started with docs/deployment.md's
 * recommended settings (what `ingest_1m_vs_empty` is specified against) when the server binaries are here
 * and BENCH_DATABASE_URL does not name a server; otherwise a new database
 * on the server at ADMIN_URL with its settings as they are. Dropped (or the cluster removed) by `drop`.
 */
export async function createBenchDatabase(options: { recommended?: boolean } = {}): Promise<BenchDatabase> {
  if (options.recommended && postgresBinariesPresent() && !process.env.BENCH_DATABASE_URL) {
    const cluster = await createThrowawayPostgres({ settings: recommendedSettings() });
    return {
      url: cluster.url,
      socketUrl: cluster.socketUrl,
      setup: "recommended settings (own cluster)",
      drop: () => cluster.remove(),
    };
  }
  const name = `leadlink_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    setup: `the server at ${new URL(ADMIN_URL).host}, its settings as they are`,
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface BenchServer extends RunningServer {
  /** Environment for the CLI and the seed script to reach the same database. */
  cliEnv: NodeJS.ProcessEnv;
}

/**
 * A production server with the bench's no-op route enabled and no rate limit (one client sends everything).
 * `extraEnv` adds server settings to compare (tests/bench/webhook-ab.ts); `dataDir` reuses one directory for
 * servers started one after another on the same database.
 */
export async function startBenchServer(
  databaseUrl?: string,
  options: { extraEnv?: Record<string, string>; dataDir?: string } = {},
): Promise<BenchServer> {
  const dataDir = options.dataDir ?? tempDataDir();
  // The webhook figures' receiver listens on 127.0.0.1, which the SSRF guard refuses unless allowed.
  const env = {
    LEADLINK_BENCH: "1",
    INGEST_RATE_LIMIT: "off",
    LOG_LEVEL: "warn",
    DATABASE_URL: databaseUrl,
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1",
    ...options.extraEnv,
  };
  const server = await startServer({ dataDir, env });
  const cliEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    NEXT_TELEMETRY_DISABLED: "1",
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1",
  };
  if (databaseUrl) cliEnv.DATABASE_URL = databaseUrl;
  else delete cliEnv.DATABASE_URL;
  return { ...server, cliEnv };
}

/** Runs a node script of the project (the CLI, the seed) and returns its stdout. */
export function runNode(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(ROOT, script), ...args],
      { cwd: ROOT, env, maxBuffer: 256 * 1024 * 1024, timeout: 30 * 60_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${script} ${args.join(" ")} failed: ${stderr || error.message}`));
        else resolve(stdout);
      },
    );
  });
}

export async function cli<T>(server: BenchServer, args: string[]): Promise<T> {
  return JSON.parse(await runNode("bin/leadlink.mjs", [...args, "--json"], server.cliEnv)) as T;
}

/** Resident memory of a process now, from /proc (Linux). */
export function residentMegabytes(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kilobytes / 1024;
  } catch {
    return 0;
  }
}

/** CPU time a process has used (user + system), in ms, from /proc; 0 once it is gone. */
export function processCpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

export interface FloorServer {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

/** DESIGN.md section 6's floor: tests/bench/floor-server.mjs writing into the given workspace's link. */
export function startFloorServer(databaseUrl: string, workspaceId: string, linkId: string): Promise<FloorServer> {
  const child = spawn(process.execPath, [path.join(ROOT, "tests/bench/floor-server.mjs")], {
    cwd: ROOT,
    env: { ...process.env, FLOOR_DATABASE_URL: databaseUrl, FLOOR_WORKSPACE_ID: workspaceId, FLOOR_LINK_ID: linkId, PORT: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const port = /listening (\d+)/.exec(output)?.[1];
      if (!port) return;
      resolve({
        url: `http://127.0.0.1:${port}/ingest`,
        pid: child.pid!,
        stop: async () => {
          child.kill("SIGTERM");
          await exited;
        },
      });
    });
    child.once("exit", (code) => reject(new Error(`the floor server exited (${code}) before listening: ${output}`)));
  });
}

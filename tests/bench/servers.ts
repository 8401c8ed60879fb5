import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { ROOT, type RunningServer, startServer, tempDataDir } from "../e2e/support/server";

export const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** A new PostgreSQL database for one bench run, dropped by `drop`. */
export async function createBenchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `leadlink_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
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

/** A production server with the bench's no-op route enabled and no rate limit (one client sends everything). */
export async function startBenchServer(databaseUrl?: string): Promise<BenchServer> {
  const dataDir = tempDataDir();
  const env = { LEADLINK_BENCH: "1", INGEST_RATE_LIMIT: "off", LOG_LEVEL: "warn", DATABASE_URL: databaseUrl };
  const server = await startServer({ dataDir, env });
  const cliEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", NEXT_TELEMETRY_DISABLED: "1" };
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

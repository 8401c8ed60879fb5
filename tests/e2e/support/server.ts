import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serverNodeOptions } from "../../../scripts/node-options.mjs";

export const ROOT = path.resolve(import.meta.dirname, "../../..");

/** How long a cold start (fresh embedded database: initdb and migrations) may take on a busy machine. */
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 60_000;

export interface ServerOptions {
  /** The embedded database's directory; ignored when env sets DATABASE_URL. */
  dataDir: string;
  /** 0 (default): a free port chosen by the system, read back from the server's "listening" line. */
  port?: number;
  /** Added to (or, with undefined, removed from) the test runner's environment. */
  env?: Record<string, string | undefined>;
  /** Another checkout with its own build to run instead of this one (tests/bench/ingest-ab.ts, @root). */
  root?: string;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A `node scripts/server.mjs` process: the production server, as `npm start` runs it. */
export interface ServerProcess {
  readonly child: ChildProcess;
  readonly dataDir: string;
  readonly exited: Promise<Exit>;
  /** Everything the process has written so far. */
  stdout(): string;
  stderr(): string;
}

export interface RunningServer extends ServerProcess {
  readonly port: number;
  readonly url: string;
  /** Sends the signal (SIGTERM by default) and resolves with the exit code once the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A directory for one test's embedded database, removed with `removeDataDir`. */
/**
 * Where the suite's global setup left an embedded database already migrated (global-setup.ts): a server started
 * on a copy opens it in seconds instead of applying every migration first (about half a spec's start-up time).
 */
export const MIGRATED_TEMPLATE_ENV = "LEADLINK_E2E_MIGRATED_DATA_DIR";

/**
 * A new data directory for a server: a copy of the run's migrated template when there is one (Playwright's
 * workers), else empty (the bench, or `empty: true` for a spec about what a first start does).
 */
export function tempDataDir(options: { empty?: boolean } = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "leadlink-e2e-"));
  const template = process.env[MIGRATED_TEMPLATE_ENV];
  if (!options.empty && template && fs.existsSync(template)) fs.cpSync(template, dir, { recursive: true });
  return dir;
}

/**
 * Retries while the directory is still being written: after a `kill -9` of a server, its webhook dispatcher
 * child notices the lost IPC channel and exits on its own, which on a loaded machine can take a moment.
 */
export function removeDataDir(dataDir: string): void {
  fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
}

function serverEnv(options: ServerOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: undefined,
    DATA_DIR: options.dataDir,
    PORT: String(options.port ?? 0),
    NEXT_TELEMETRY_DISABLED: "1",
    // Tests send bursts from one address; the rate limiter has its own tests.
    INGEST_RATE_LIMIT: "off",
    LOG_LEVEL: "warn",
  };
  for (const [name, value] of Object.entries(options.env ?? {})) env[name] = value;
  for (const name of Object.keys(env)) if (env[name] === undefined) delete env[name];
  // As `npm start` runs it (package.json's "start"): the server's Node options first, the caller's after them.
  env.NODE_OPTIONS = serverNodeOptions(env.NODE_OPTIONS);
  return env;
}

/** Starts the server without waiting for it: for processes expected to fail. */
export function spawnServer(options: ServerOptions): ServerProcess {
  const root = options.root ?? ROOT;
  const child = spawn(process.execPath, [path.join(root, "scripts/server.mjs")], {
    cwd: root,
    env: serverEnv(options),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<Exit>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return { child, dataDir: options.dataDir, exited, stdout: () => stdout, stderr: () => stderr };
}

function describe(server: ServerProcess): string {
  return `stdout:\n${server.stdout()}\nstderr:\n${server.stderr()}`;
}

/** Starts the server and resolves once it listens (its database is open and migrated by then). */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const server = spawnServer(options);
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      server.child.kill("SIGKILL");
      reject(new Error(`The server did not start within ${START_TIMEOUT_MS / 1000} s.\n${describe(server)}`));
    }, START_TIMEOUT_MS);
    const onData = () => {
      const match = /Leadlink listening on http:\/\/localhost:(\d+)/.exec(server.stdout());
      if (!match) return;
      clearTimeout(timer);
      server.child.stdout!.off("data", onData);
      resolve(Number(match[1]));
    };
    server.child.stdout!.on("data", onData);
    void server.exited.then((exit) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${exit.code ?? exit.signal}) before listening.\n${describe(server)}`));
    });
  });
  return {
    ...server,
    port,
    url: `http://127.0.0.1:${port}`,
    async stop(signal = "SIGTERM") {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
      const timer = setTimeout(() => server.child.kill("SIGKILL"), STOP_TIMEOUT_MS);
      const exit = await server.exited;
      clearTimeout(timer);
      return exit.code;
    },
  };
}

/** Stops servers a failed test left running; they hold their DATA_DIR lock otherwise. */
export async function stopAll(servers: (RunningServer | ServerProcess | undefined)[]): Promise<void> {
  await Promise.all(
    servers.map(async (server) => {
      if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
      server.child.kill("SIGKILL");
      await server.exited;
    }),
  );
}

import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";

/** PostgreSQL's name for a server's Unix socket in its directory; the port is part of the name only. */
export const ENGINE_PORT = 5432;
const SOCKET_FILE = `.s.PGSQL.${ENGINE_PORT}`;

export interface EmbeddedEngine {
  /** The directory of the engine's Unix socket: a PostgreSQL `host` (psql -h, pg's `host`). */
  readonly socketDir: string;
  /** The engine's data directory as a gzipped tarball (PGlite's dumpDataDir): the tests' snapshot. */
  dump(): Promise<Uint8Array>;
  stop(): Promise<void>;
}

export interface EngineOptions {
  /** The PGlite data directory; null: in memory. */
  dataDir: string | null;
  /** A gzipped data directory to start an in-memory database from. */
  snapshot?: string;
  /** Where the engine listens: DATA_DIR for a database on disk (see engineSocketDir), a temporary directory otherwise. */
  socketDir: string;
}

/**
 * Where the engine of the database in `dataDir` listens. In DATA_DIR itself, so that
 * `psql -h ./data -U postgres` reaches it; Unix socket paths are limited to about 107 bytes, so a deep
 * DATA_DIR gets a stable directory in the temporary directory instead.
 */
export function engineSocketDir(dataDir: string): string {
  if (Buffer.byteLength(path.join(path.resolve(dataDir), SOCKET_FILE)) < 100) return path.resolve(dataDir);
  const digest = createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 16);
  const dir = path.join(os.tmpdir(), `leadlink-${digest}`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  // The temporary directory is shared: a directory someone else made there could hold their socket.
  const made = fs.statSync(dir);
  if ((process.getuid && made.uid !== process.getuid()) || (made.mode & 0o077) !== 0) {
    throw new Error(`${dir} (the embedded engine's socket directory for ${dataDir}) must belong to this user with mode 700`);
  }
  return dir;
}

/** True when an engine answers on the socket in `socketDir` (a server owns the database). */
export function engineAnswers(socketDir: string): Promise<boolean> {
  const socketPath = path.join(socketDir, SOCKET_FILE);
  if (!fs.existsSync(socketPath)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const probe = net.createConnection(socketPath);
    probe.once("connect", () => {
      probe.destroy();
      resolve(true);
    });
    probe.once("error", () => resolve(false));
  });
}

type WorkerAnswer =
  | { type: "ready" }
  | { type: "dumped"; id: number; dump: Uint8Array }
  | { type: "stopped"; id: number }
  | { type: "failed"; id?: number; message: string };

/**
 * Starts PGlite in a worker thread serving the PostgreSQL protocol on a Unix socket in `socketDir`
 * (lib/db/embedded-engine-worker.mjs). The caller must own the data directory (lockDataDir).
 * `onCrash` is told when the worker dies unasked: the database is then gone for this process.
 */
export async function startEmbeddedEngine(options: EngineOptions, onCrash?: (error: Error) => void): Promise<EmbeddedEngine> {
  const socketPath = path.join(options.socketDir, SOCKET_FILE);
  // The form bundlers recognise: the production build (Turbopack) emits the worker as a chunk of its own,
  // with PGlite left external (next.config.mjs); tsx and Vitest run the source file.
  const worker = new Worker(new URL("./embedded-engine-worker.mjs", import.meta.url), {
    workerData: { dataDir: options.dataDir, snapshot: options.snapshot, socketPath },
  });
  let stopping = false;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (answer: WorkerAnswer) => void; reject: (error: Error) => void }>();

  await new Promise<void>((resolve, reject) => {
    const early = (error: Error) => reject(error);
    const exited = (code: number) => reject(new Error(`the embedded database engine exited (code ${code}) while starting`));
    worker.once("error", early);
    worker.once("exit", exited);
    worker.once("message", (answer: WorkerAnswer) => {
      worker.off("error", early);
      worker.off("exit", exited);
      if (answer.type === "ready") resolve();
      else
        reject(new Error(`the embedded database engine failed to start: ${"message" in answer ? answer.message : answer.type}`));
    });
  });

  worker.on("message", (answer: WorkerAnswer) => {
    const id = "id" in answer ? answer.id : undefined;
    const waiter = id === undefined ? undefined : waiting.get(id);
    if (!waiter) return;
    waiting.delete(id!);
    if (answer.type === "failed") waiter.reject(new Error(answer.message));
    else waiter.resolve(answer);
  });
  const died = (error: Error) => {
    for (const waiter of waiting.values()) waiter.reject(error);
    waiting.clear();
    if (!stopping) onCrash?.(error);
  };
  worker.on("error", died);
  worker.on("exit", (code) => died(new Error(`the embedded database engine stopped (exit code ${code})`)));
  // The worker does not keep the process alive on its own: whoever uses the database does.
  worker.unref();

  // While this process waits for an answer, the worker keeps it alive (nothing else may).
  const ask = (type: "dump" | "stop") =>
    new Promise<WorkerAnswer>((resolve, reject) => {
      const id = nextId++;
      worker.ref();
      const settle = () => {
        if (waiting.size === 0) worker.unref();
      };
      waiting.set(id, {
        resolve: (answer) => {
          resolve(answer);
          settle();
        },
        reject: (error) => {
          reject(error);
          settle();
        },
      });
      worker.postMessage({ type, id });
    });

  return {
    socketDir: options.socketDir,
    async dump() {
      const answer = await ask("dump");
      if (answer.type !== "dumped") throw new Error("the embedded database engine gave no dump");
      return answer.dump;
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      try {
        await ask("stop");
      } finally {
        await worker.terminate();
      }
    },
  };
}

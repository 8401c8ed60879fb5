import { closeDatabase, databaseOptionsFromEnv, getDatabase, useDatabaseOptions } from "@/lib/db/client";
import { log } from "@/lib/log";
import type { Channel } from "./channel";
import { type Runner, startRunner } from "./runner";
import type { FromRunner, ToRunner } from "./runner-process";

/** Connections of the runner process: its claims, reads and records (startRunner's own pool, made here). */
const POOL_SIZE = 4;
/**
 * How long stopping may take before the process exits anyway: long enough for attempts in flight (10 s
 * timeout) to be recorded and claims given back. A server killed with kill -9 can leave the drain waiting on
 * a database that went with it (the embedded engine's socket, a connection being opened); a claim left behind
 * is taken over when its lease ends, so exiting loses nothing.
 */
const STOP_DEADLINE_MS = 15_000;

/** Sends a notice to the server (runner-process.ts hands it to its onNotice). */
function tell(topic: string, payload: unknown): void {
  const message: FromRunner = { type: "notice", topic, payload };
  if (process.connected) process.send?.(message);
}

export interface RunnerProcessHooks {
  /** Called once the runner runs, with the way to send the server a notice (e.g. to forward a channel's listener). */
  onStart?: (tell: (topic: string, payload: unknown) => void) => void;
}

/**
 * The runner process's life (started by runner-process.ts through scripts/webhook-dispatcher.mjs and
 * lib/server/outbox-process-main.ts, which gives the channels): opens the database the environment names (in
 * embedded mode, through the server's engine socket), runs until the server says stop or goes away, then
 * drains, gives its claims back and exits.
 */
export async function runRunnerProcess(channels: readonly Channel[], hooks: RunnerProcessHooks = {}): Promise<void> {
  if (!process.send) throw new Error("the webhook dispatcher process must be started by the server (an IPC channel)");
  let runner: Runner | undefined;
  let stopping: Promise<void> | undefined;
  const stop = (reason: string) =>
    (stopping ??= (async () => {
      log.info({ pid: process.pid, reason }, "webhook dispatcher process stopping");
      // unref: a drain that ends sooner exits at once; one that hangs cannot keep the process alive.
      setTimeout(() => {
        log.warn({ pid: process.pid, reason }, "webhook dispatcher process did not drain in time; exiting");
        process.exit(1);
      }, STOP_DEADLINE_MS).unref();
      await runner?.stop().catch(() => {});
      await closeDatabase().catch(() => {});
      process.exit(0);
    })());

  // Set before the database opens: a server killed meanwhile (kill -9) is heard of by its channel closing.
  process.on("disconnect", () => void stop("the server is gone"));
  // A server killed while this process was still loading closed the channel before anyone listened.
  if (!process.connected) void stop("the server was gone before the dispatcher started");
  process.on("message", (message: ToRunner) => {
    if (message.type === "wake") runner?.wake();
    else if (message.type === "stop") void stop("asked by the server");
  });
  // Ctrl-C reaches the whole process group: the server stops this process in its turn, after its requests.
  process.on("SIGINT", () => {});
  process.on("SIGTERM", () => void stop("received SIGTERM"));

  const fromEnv = databaseOptionsFromEnv();
  useDatabaseOptions(
    fromEnv.kind === "embedded" ? { ...fromEnv, attach: "only", poolSize: POOL_SIZE } : { ...fromEnv, poolSize: POOL_SIZE },
  );
  const database = await getDatabase();
  if (stopping) return;
  // The connections opened above are the runner's own: no second pool (poolSize 0).
  runner = startRunner(database, channels, { poolSize: 0 });
  hooks.onStart?.(tell);
  log.info({ pid: process.pid, serverPid: process.ppid, database: database.kind }, "webhook dispatcher process running");
}

import { closeDatabase, databaseOptionsFromEnv, getDatabase, useDatabaseOptions } from "@/lib/db/client";
import { log } from "@/lib/log";
import { type Dispatcher, startDispatcher } from "./dispatcher";
import type { FromDispatcher, ToDispatcher } from "./dispatcher-process";
import { onEndpointDisabled } from "./endpoint-disabled";

/** Connections of the dispatcher process: its claims, reads and records (startDispatcher's own pool, made here). */
const POOL_SIZE = 4;
/**
 * How long stopping may take before the process exits anyway: long enough for attempts in flight (10 s
 * timeout) to be recorded and claims given back. A server killed with kill -9 can leave the drain waiting on
 * a database that went with it (the embedded engine's socket, a connection being opened); a claim left behind
 * is taken over when its lease ends, so exiting loses nothing.
 */
const STOP_DEADLINE_MS = 15_000;

function tell(message: FromDispatcher): void {
  if (process.connected) process.send?.(message);
}

/**
 * The dispatcher process's life (started by lib/webhooks/dispatcher-process.ts through
 * scripts/webhook-dispatcher.mjs): opens the database the environment names (in embedded mode, through the
 * server's engine socket), dispatches until the server says stop or goes away, then drains, gives its
 * claims back and exits.
 */
export async function runDispatcherProcess(): Promise<void> {
  if (!process.send) throw new Error("the webhook dispatcher process must be started by the server (an IPC channel)");
  let dispatcher: Dispatcher | undefined;
  let stopping: Promise<void> | undefined;
  const stop = (reason: string) =>
    (stopping ??= (async () => {
      log.info({ pid: process.pid, reason }, "webhook dispatcher process stopping");
      // unref: a drain that ends sooner exits at once; one that hangs cannot keep the process alive.
      setTimeout(() => {
        log.warn({ pid: process.pid, reason }, "webhook dispatcher process did not drain in time; exiting");
        process.exit(1);
      }, STOP_DEADLINE_MS).unref();
      await dispatcher?.stop().catch(() => {});
      await closeDatabase().catch(() => {});
      process.exit(0);
    })());

  // Set before the database opens: a server killed meanwhile (kill -9) is heard of by its channel closing.
  process.on("disconnect", () => void stop("the server is gone"));
  // A server killed while this process was still loading closed the channel before anyone listened.
  if (!process.connected) void stop("the server was gone before the dispatcher started");
  process.on("message", (message: ToDispatcher) => {
    if (message.type === "wake") dispatcher?.wake();
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
  // The connections opened above are the dispatcher's own: no second pool (poolSize 0).
  dispatcher = startDispatcher(database, { poolSize: 0 });
  // The server's capture-link cache keeps `hasWebhooks` per link: it must forget a workspace whose endpoint went
  // off (within its 5 s TTL is not enough: ingest would keep waking a dispatcher with nothing to send).
  onEndpointDisabled((event) => tell({ type: "endpoint-disabled", event }));
  log.info({ pid: process.pid, serverPid: process.ppid, database: database.kind }, "webhook dispatcher process running");
}

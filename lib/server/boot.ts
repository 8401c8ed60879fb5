import { DIRECT_CAPTURE_HOOK, serveCaptureDirectly } from "@/lib/capture/direct-capture";
import { closeDatabase, type Database, getDatabase } from "@/lib/db/client";
import { startEmbeddedMaintenance } from "@/lib/db/embedded-maintenance";
import { env } from "@/lib/env";
import { isAppError } from "@/lib/errors";
import { startRetentionJob } from "@/lib/privacy/retention";
import { processSingleton } from "@/lib/process-singleton";
import { startDispatcher, startDispatcherProcess } from "./outbox";

/** Called by scripts/server.mjs once in-flight requests are done; see registerShutdown. */
const SHUTDOWN_HOOK = Symbol.for("leadlink.shutdown");

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Opens (and migrates) the database before the server takes requests. A server that cannot open its
 * database must not serve: in embedded mode that is mostly another process owning DATA_DIR, whose
 * error names the directory and the process.
 */
async function openDatabaseOrExit(): Promise<Database> {
  try {
    return await getDatabase();
  } catch (error) {
    process.stderr.write(`Leadlink cannot start: ${explain(error)}\n`);
    process.exit(1);
  }
}

// An AppError (DATA_DIR in use) and an invalid environment explain themselves; a driver error
// (ECONNREFUSED, authentication failed) needs to say which database it is about.
function explain(error: unknown): string {
  if (isAppError(error)) return error.message;
  try {
    return `cannot open the ${describeDatabase()}: ${reason(error)}`;
  } catch {
    return reason(error);
  }
}

/** Which database the environment names, without the credentials in DATABASE_URL. */
function describeDatabase(): string {
  const { DATABASE_URL, dataDir } = env();
  if (!DATABASE_URL) return `embedded database in ${dataDir}`;
  const url = new URL(DATABASE_URL);
  return `PostgreSQL database ${url.pathname.slice(1) || "(default)"} at ${url.host}`;
}

function registerShutdown(stopMaintenance: () => Promise<void>, stopDispatcher: () => Promise<void>): void {
  let closing: Promise<void> | undefined;
  (globalThis as Record<symbol, unknown>)[SHUTDOWN_HOOK] = () =>
    (closing ??= (async () => {
      // In-flight webhook attempts finish (or are given back) while the database is still open.
      await stopDispatcher().catch(() => {});
      await stopMaintenance();
      await closeDatabase();
    })());
}

/**
 * Runs once per process, however many times it is called: Next.js memoises register() itself, but a
 * second maintenance timer would be one too many.
 */
export function boot(): Promise<void> {
  return processSingleton("boot", async () => {
    const database = await openDatabaseOrExit();
    // A child process of its own by default (lib/outbox/runner-process.ts, with the channels of ./outbox.ts), off the thread that serves requests.
    const dispatcher = env().WEBHOOK_DISPATCHER === "inline" ? startDispatcher(database) : startDispatcherProcess();
    // Retention windows (DESIGN.md section 9): hourly, in small batches, beside the dispatcher.
    const retention = startRetentionJob(database, { keepSubmissionMonths: env().SUBMISSIONS_KEEP_MONTHS });
    // From here on, scripts/server.mjs serves capture requests without Next.js's router.
    (globalThis as Record<symbol, unknown>)[DIRECT_CAPTURE_HOOK] = serveCaptureDirectly;
    // Server mode has PostgreSQL's autovacuum; the embedded database has none.
    registerShutdown(database.kind === "embedded" ? startEmbeddedMaintenance(database) : async () => {}, async () => {
      await retention.stop();
      await dispatcher.stop();
    });
  });
}

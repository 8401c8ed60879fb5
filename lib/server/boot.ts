import { closeDatabase, getDatabase, type Database } from "@/lib/db/client";
import { startEmbeddedMaintenance } from "@/lib/db/embedded-maintenance";
import { env } from "@/lib/env";
import { isAppError } from "@/lib/errors";
import { processSingleton } from "@/lib/process-singleton";

/** Called by scripts/server.mjs once in-flight requests are done; see registerShutdown. */
const SHUTDOWN_HOOK = Symbol.for("leadlink.shutdown");

type ControlSocket = { close(): Promise<void> };

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

/**
 * While the server owns the embedded database, `leadlink` commands reach it through a Unix socket in
 * DATA_DIR. A failure here is not fatal: some volumes (network or host-mounted file systems) do not
 * support Unix sockets, and the server can serve without the command line.
 */
async function startControlSocket(dataDir: string): Promise<ControlSocket | undefined> {
  try {
    const { serveControlSocket } = await import("@/lib/cli/control-socket");
    return await serveControlSocket(dataDir, async (argv, io) => {
      // Loaded on the first command, not at boot: the command line is rarely used while serving.
      const { runCli } = await import("@/lib/cli/run-cli");
      return runCli(argv, io);
    });
  } catch (error) {
    process.stderr.write(
      `Leadlink: the command line cannot reach this server (control socket in ${dataDir}: ${reason(error)}); ` +
        "stop the server to run `leadlink` commands.\n",
    );
    return undefined;
  }
}

function registerShutdown(controlSocket: ControlSocket | undefined, stopMaintenance: () => Promise<void>): void {
  let closing: Promise<void> | undefined;
  (globalThis as Record<symbol, unknown>)[SHUTDOWN_HOOK] = () =>
    (closing ??= (async () => {
      await stopMaintenance();
      await controlSocket?.close();
      await closeDatabase();
    })());
}

/**
 * Runs once per process, however many times it is called: Next.js memoises register() itself, but a
 * second control socket would replace the first one's file.
 */
export function boot(): Promise<void> {
  return processSingleton("boot", async () => {
    const database = await openDatabaseOrExit();
    const embedded = database.kind === "embedded";
    const controlSocket = embedded ? await startControlSocket(env().dataDir) : undefined;
    // Server mode has PostgreSQL's autovacuum; the embedded database has none.
    registerShutdown(controlSocket, embedded ? startEmbeddedMaintenance(database) : async () => {});
  });
}

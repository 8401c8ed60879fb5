import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import { dataDirHeldElsewhere, lockDataDir } from "./data-dir-lock";
import type { Database } from "./database";
import { type EmbeddedEngine, ENGINE_PORT, engineAnswers, engineSocketDir, startEmbeddedEngine } from "./embedded-engine";
import { openPool, throughTransactionPooler } from "./pg-database";

export type { Database, DatabaseKind, SqlExecutor, SqlOptions, SqlSession, SqlStatement } from "./database";
export { statement } from "./database";
export { executorOn } from "./pg-database";

export type DatabaseOptions =
  | {
      kind: "embedded";
      /** null: in memory (tests). */
      dataDir: string | null;
      /** A gzipped data directory (PGlite's dumpDataDir) to start an in-memory database from. */
      snapshot?: string;
      /**
       * When a server already runs the engine of this DATA_DIR, connect to it instead of failing on the
       * lock (the command line). "only": connect to it or fail, never start the engine here (the server's
       * webhook dispatcher process, which must not outlive its server holding the DATA_DIR).
       */
      attach?: boolean | "only";
      poolSize?: number;
    }
  | {
      kind: "postgres";
      url: string;
      poolSize?: number;
      /** "transaction": `url` is a pooler in transaction mode (DESIGN.md section 17). */
      pooler?: "transaction";
      /** PostgreSQL itself, for what needs a session, when `url` is a pooler. */
      directUrl?: string;
    };

// The pool's connections work in UTC (lib/db/pg-database.ts, utcClient): no `options` here, which PgBouncer refuses.
function openPostgres(options: Extract<DatabaseOptions, { kind: "postgres" }>, poolSize: number): Database {
  const connection = { connectionString: options.url };
  if (options.pooler === "transaction") {
    throughTransactionPooler(connection, options.directUrl ? { connectionString: options.directUrl } : undefined);
  }
  return openPool("postgres", connection, poolSize, async () => {});
}

// The engine behind each embedded Database this process started (for the tests' snapshot).
const engines = new WeakMap<Database, EmbeddedEngine>();

function engineConnection(socketDir: string): pg.ClientConfig {
  return { host: socketDir, port: ENGINE_PORT, user: "postgres", database: "postgres" };
}

// How long a command waits for the engine of a server that holds DATA_DIR to accept a connection: a server busy
// starting, or on a loaded machine, is slow to answer, and giving up would only end in data_dir_in_use.
const ATTACH_PATIENCE_MS = 20_000;

/** Whether a server's engine answers on DATA_DIR's socket; while a live server holds the directory, asks again. */
async function serverEngineAnswers(dataDir: string, socketDir: string): Promise<boolean> {
  const deadline = Date.now() + ATTACH_PATIENCE_MS;
  for (;;) {
    if (await engineAnswers(socketDir)) return true;
    if (!dataDirHeldElsewhere(dataDir) || Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The embedded database: PGlite in a worker thread of this process, serving the PostgreSQL protocol on a
 * Unix socket, owned by this process (the DATA_DIR lock). With `attach`, a DATA_DIR whose engine a server
 * already runs is reached through that server's socket instead.
 */
async function openEmbedded(options: Extract<DatabaseOptions, { kind: "embedded" }>, poolSize: number): Promise<Database> {
  const { dataDir, snapshot } = options;
  if (dataDir && options.attach) {
    const socketDir = engineSocketDir(dataDir);
    if (await serverEngineAnswers(dataDir, socketDir))
      return openPool("embedded", engineConnection(socketDir), poolSize, async () => {});
    if (options.attach === "only") throw new Error(`no server runs the embedded database in ${dataDir}`);
  }
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  const socketDir = dataDir ? engineSocketDir(dataDir) : fs.mkdtempSync(path.join(os.tmpdir(), "leadlink-db-"));
  const forget = () => {
    if (!dataDir) fs.rmSync(socketDir, { recursive: true, force: true });
    release();
  };
  let engine: EmbeddedEngine | undefined;
  try {
    engine = await startEmbeddedEngine(
      { dataDir: dataDir ? path.join(dataDir, "pglite") : null, snapshot, socketDir },
      // Without its engine this process has no database; a supervisor restarts it (in memory: a test, told by its queries).
      dataDir
        ? (error) => {
            process.stderr.write(`Leadlink: the embedded database in ${dataDir} stopped: ${error.message}\n`);
            process.exit(1);
          }
        : undefined,
    );
    const started = engine;
    const database = openPool("embedded", engineConnection(socketDir), poolSize, async () => {
      try {
        await started.stop();
      } finally {
        forget();
      }
    });
    engines.set(database, engine);
    return database;
  } catch (error) {
    await engine?.stop().catch(() => {});
    forget();
    throw error;
  }
}

/** The embedded database's data directory as a gzipped tarball (PGlite's dumpDataDir), e.g. the tests' snapshot. */
export async function dumpEmbeddedDatabase(database: Database): Promise<Uint8Array> {
  const engine = engines.get(database);
  if (!engine) throw new Error("not an embedded database started by this process");
  return engine.dump();
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const poolSize = options.poolSize ?? env().DATABASE_POOL_SIZE;
  return options.kind === "embedded" ? openEmbedded(options, poolSize) : openPostgres(options, poolSize);
}

/** The database the environment asks for: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR. */
export function databaseOptionsFromEnv(): DatabaseOptions {
  const { DATABASE_URL, DATABASE_POOLER, DATABASE_DIRECT_URL, dataDir } = env();
  if (!DATABASE_URL) return { kind: "embedded", dataDir };
  return {
    kind: "postgres",
    url: DATABASE_URL,
    pooler: DATABASE_POOLER === "transaction" ? "transaction" : undefined,
    directUrl: DATABASE_DIRECT_URL,
  };
}

// One engine and one pool per process, however many bundles load this module.
const slot = processSingleton<{ current?: Promise<Database>; options?: DatabaseOptions }>("database", () => ({}));

/** Makes getDatabase() open this database instead of the environment's (the command line attaches to a running server). */
export function useDatabaseOptions(options: DatabaseOptions): void {
  slot.options = options;
}

/**
 * The process's database, opened and migrated on first use.
 * A failed open is not cached, so a database that was down can be reached once it is back.
 */
export function getDatabase(): Promise<Database> {
  if (!slot.current) {
    const opening = (async () => {
      const { migrate } = await import("./migrate");
      const database = await openDatabase(slot.options ?? databaseOptionsFromEnv());
      try {
        await migrate(database);
      } catch (error) {
        await database.close().catch(() => {});
        throw error;
      }
      return database;
    })();
    slot.current = opening;
    opening.catch(() => {
      if (slot.current === opening) slot.current = undefined;
    });
  }
  return slot.current;
}

/** Installs an already opened database as the process's database (tests, the CLI). */
export function useDatabase(database: Database): void {
  // Tests install their database before anything opens one; a second call replaces it.
  slot.current = Promise.resolve(database);
}

export async function closeDatabase(): Promise<void> {
  const current = slot.current;
  slot.current = undefined;
  if (current) await (await current).close();
}

import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import { lockDataDir } from "./data-dir-lock";
import { DatabaseUnavailableError, isDatabaseUnavailable } from "./errors";
import { withPreparedStatements } from "./pglite-prepared";
import { preparedStatementName } from "./prepared-statements";
import { PrismaClient } from "./generated/client";

export type DatabaseKind = "embedded" | "postgres";

export interface SqlExecutor {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements. */
  exec(sql: string): Promise<void>;
}

/** One connection used by nothing else meanwhile: what migrations need. */
export interface SqlSession extends SqlExecutor {
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
}

export interface Database {
  readonly kind: DatabaseKind;
  readonly prisma: PrismaClient;
  /** The PostgreSQL pool in server mode, for the few paths that talk to the driver directly. */
  readonly pool?: pg.Pool;
  /** The PGlite instance in embedded mode. */
  readonly pglite?: PGlite;
  /**
   * Runs one statement on the driver itself, without the ORM's per-query work (which costs more than the
   * ingest statement's own execution on the client side). Statements marked `/* leadlink:<name> *\/` are
   * prepared once per connection (prepared-statements.ts).
   */
  sql<T>(statement: SqlStatement): Promise<T[]>;
  exclusive<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** SQL with `$n` placeholders and their values: what `Prisma.sql` builds (its `text` and `values`). */
export interface SqlStatement {
  readonly text: string;
  readonly values: unknown[];
}

export type DatabaseOptions =
  | {
      kind: "embedded";
      /** null: in memory (tests). */
      dataDir: string | null;
      /** A gzipped data directory (PGlite's dumpDataDir) to start an in-memory database from. */
      snapshot?: string;
    }
  | { kind: "postgres"; url: string; poolSize?: number };

// Arbitrary constant: the key of the advisory lock that serialises migrations across instances.
const MIGRATION_LOCK_KEY = 727_073_691;

async function openEmbedded(dataDir: string | null, snapshot?: string): Promise<Database> {
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    // One options object: PGlite reads a second argument only after a data directory string, so an
    // in-memory database given (undefined, options) would silently drop the extension and the snapshot.
    const pglite = new PGlite({
      dataDir: dataDir ? path.join(dataDir, "pglite") : undefined,
      extensions: { pg_trgm },
      loadDataDir: snapshot ? new Blob([fs.readFileSync(snapshot)]) : undefined,
    });
    await pglite.waitReady;
    await pglite.exec("SET TIME ZONE 'UTC'");
    const prepared = withPreparedStatements(pglite);
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(prepared) });
    return {
      kind: "embedded",
      prisma,
      pglite,
      sql: async <T>(statement: SqlStatement) => (await prepared.query<T>(statement.text, statement.values)).rows,
      // PGlite has a single connection and this process owns it: each call is already exclusive.
      exclusive: (work) => {
        const executor = (target: Pick<PGlite, "query" | "exec">): SqlExecutor => ({
          query: async <T>(sql: string, params?: unknown[]) => (await target.query<T>(sql, params)).rows,
          exec: async (sql) => {
            await target.exec(sql);
          },
        });
        return work({ ...executor(pglite), transaction: (inner) => pglite.transaction((tx) => inner(executor(tx))) });
      },
      async close() {
        await prisma.$disconnect();
        await pglite.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/*
 * How long a request may wait for the database before it is answered 503 (DESIGN.md §6: within 5 s, even
 * when the database's host vanished and its connections are half-open, answering nothing):
 * - CONNECT_TIMEOUT_MS bounds opening a connection;
 * - QUEUE_TIMEOUT_MS bounds a request's wait for a pooled connection. It is longer than the others so that
 *   a burst of requests beyond the pool's size queues rather than failing, yet a request queued behind
 *   statements of a silent database still hears within 5 s: they time out (QUERY_TIMEOUT_MS), its own
 *   connection attempt then does (CONNECT_TIMEOUT_MS), and their sum is below QUEUE_TIMEOUT_MS;
 * - QUERY_TIMEOUT_MS bounds one statement, measured by the driver (a running statement is not cancelled
 *   on the server; the connection is dropped). Long maintenance statements (migrations, a lock wait
 *   behind another instance's migration) pass MAINTENANCE_QUERY_TIMEOUT_MS instead; a long-running read
 *   (an export's cursor) must do the same with its own `query_timeout`;
 * - after a failure that says the database is away, checkouts fail at once for FAIL_FAST_MS (see
 *   failFast), so a request that already waited once does not wait again for its next statement.
 */
const CONNECT_TIMEOUT_MS = 1_000;
const QUERY_TIMEOUT_MS = 2_500;
const QUEUE_TIMEOUT_MS = 4_500;
const MAINTENANCE_QUERY_TIMEOUT_MS = 60 * 60_000;
const FAIL_FAST_MS = 1_000;

/**
 * Makes the pool fail checkouts at once for FAIL_FAST_MS after the database was found away: a connection
 * refused or timed out, or a statement without an answer past QUERY_TIMEOUT_MS. Without this a database
 * that went silent would cost a request one timeout per statement (ingest runs up to three: link, rate
 * limit, lead). One connection dropped on its own (a terminated backend) does not pause the pool: the next
 * checkout connects anew and tells. The first checkout after the pause tries the database again, so
 * service resumes on its own once it is back. One clock read per checkout, no timers.
 */
function failFast(pool: pg.Pool): void {
  let pausedUntil = 0;
  let reason = "";
  const pause = (error: Error) => {
    pausedUntil = Date.now() + FAIL_FAST_MS;
    reason = error.message;
  };
  // A statement that timed out releases its client with the error (and the pool drops that client).
  pool.on("release", (error) => {
    if (error && /Query read timeout/.test(error.message)) pause(error);
  });

  type Checkout = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;
  const connect = pool.connect.bind(pool) as (callback: Checkout) => void;
  const checkout = (callback: Checkout) => {
    if (Date.now() < pausedUntil) {
      const error = new DatabaseUnavailableError(reason);
      process.nextTick(() => callback(error, undefined, () => {}));
      return;
    }
    connect((error, client, done) => {
      if (error && isDatabaseUnavailable(error)) pause(error);
      callback(error, client, done);
    });
  };
  // pg-pool's own query() checks out through this.connect(callback), so this covers pool.query too.
  pool.connect = ((callback?: Checkout) => {
    if (callback) return checkout(callback);
    return new Promise<pg.PoolClient>((resolve, reject) => checkout((error, client) => (error ? reject(error) : resolve(client!))));
  }) as pg.Pool["connect"];
}

/** A statement allowed to run long (pg reads `query_timeout` from the query too; its types omit it). */
function maintenance(text: string, values?: unknown[]): pg.QueryConfig {
  return { text, values, query_timeout: MAINTENANCE_QUERY_TIMEOUT_MS } as pg.QueryConfig;
}

/** A pg client that gives up opening its connection after CONNECT_TIMEOUT_MS, whatever the pool allows. */
class QuickConnectClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super({ ...(typeof config === "string" ? { connectionString: config } : config), connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

function openPostgres(url: string, poolSize: number): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // The pool applies this to the wait in its queue (and to a connection it opens); each connection
    // bounds its own opening by CONNECT_TIMEOUT_MS first.
    connectionTimeoutMillis: QUEUE_TIMEOUT_MS,
    Client: QuickConnectClient,
    query_timeout: QUERY_TIMEOUT_MS,
    // Probes connections that sit idle, so that a peer gone silently is noticed before a request uses it.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    idleTimeoutMillis: 30_000,
    options: "-c TimeZone=UTC",
  });
  // Without a listener, an idle client losing its connection would crash the process.
  pool.on("error", () => {});
  failFast(pool);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, {
      // The adapter's type says string, but it hands the value to pg, where undefined means unnamed.
      statementNameGenerator: (query) => preparedStatementName(query.sql) as string,
    }) });
  return {
    kind: "postgres",
    prisma,
    pool,
    async sql<T>(statement: SqlStatement) {
      const { text, values } = statement;
      return (await pool.query({ name: preparedStatementName(text), text, values })).rows as T[];
    },
    async exclusive(work) {
      const client = await pool.connect();
      try {
        // Waits while another instance migrates, however long that takes.
        await client.query(maintenance("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]));
        try {
          const executor: SqlExecutor = {
            query: async <T>(sql: string, params?: unknown[]) => (await client.query(maintenance(sql, params))).rows as T[],
            exec: async (sql) => {
              await client.query(maintenance(sql));
            },
          };
          return await work({
            ...executor,
            async transaction(inner) {
              await client.query(maintenance("BEGIN"));
              try {
                const result = await inner(executor);
                await client.query(maintenance("COMMIT"));
                return result;
              } catch (error) {
                await client.query(maintenance("ROLLBACK")).catch(() => {});
                throw error;
              }
            },
          });
        } finally {
          await client.query(maintenance("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]));
        }
      } finally {
        client.release();
      }
    },
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === "embedded"
    ? openEmbedded(options.dataDir, options.snapshot)
    : openPostgres(options.url, options.poolSize ?? env().DATABASE_POOL_SIZE);
}

/** The database the environment asks for: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR. */
export function databaseOptionsFromEnv(): DatabaseOptions {
  const { DATABASE_URL, dataDir } = env();
  return DATABASE_URL ? { kind: "postgres", url: DATABASE_URL } : { kind: "embedded", dataDir };
}

// One PGlite and one pool per process, however many bundles load this module.
const slot = processSingleton<{ current?: Promise<Database> }>("database", () => ({}));

/**
 * The process's database, opened and migrated on first use.
 * A failed open is not cached, so a database that was down can be reached once it is back.
 */
export function getDatabase(): Promise<Database> {
  if (!slot.current) {
    const opening = (async () => {
      const { migrate } = await import("./migrate");
      const database = await openDatabase(databaseOptionsFromEnv());
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

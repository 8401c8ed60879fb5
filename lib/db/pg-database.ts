import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import {
  type Database,
  type DatabaseKind,
  type SqlExecutor,
  type SqlOptions,
  type SqlSession,
  type SqlStatement,
  statement,
} from "./database";
import { DatabaseUnavailableError, isDatabaseUnavailable, sqlState } from "./errors";
import { PrismaClient } from "./generated/client";
import { preparedStatementName } from "./prepared-statements";

// Arbitrary constant: the key of the advisory lock that serialises migrations across instances.
const MIGRATION_LOCK_KEY = 727_073_691;

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
 *   FailFastPool), so a request that already waited once does not wait again for its next statement.
 */
const CONNECT_TIMEOUT_MS = 1_000;
const QUERY_TIMEOUT_MS = 2_500;
const QUEUE_TIMEOUT_MS = 4_500;
const MAINTENANCE_QUERY_TIMEOUT_MS = 60 * 60_000;
const FAIL_FAST_MS = 1_000;
/*
 * The embedded engine runs in this process: it is never away while the process lives, so these bounds
 * would only turn a slow moment (a long export statement ahead in the engine's queue, a busy machine)
 * into spurious 503s. Its statements and checkouts wait as long as they take, as they did when PGlite
 * ran on the request thread; opening a connection to the local socket gets a generous bound.
 */
const EMBEDDED_CONNECT_TIMEOUT_MS = 10_000;
/*
 * Prisma's interactive transactions have bounds of their own (2 s to start, 5 s in all by default) that ended in
 * a 500 where the pool would have waited: two admins creating fields at once on a loaded machine, the second
 * queued behind the first's lock. PostgreSQL's: starting waits as long as the pool's queue does, which answers
 * 503 itself past QUEUE_TIMEOUT_MS; each statement keeps QUERY_TIMEOUT_MS. The embedded engine's: as long as
 * its statements take, like the rest of its bounds above.
 */
const TRANSACTION_OPTIONS = { maxWait: QUEUE_TIMEOUT_MS + 1_000, timeout: 20_000 };
const EMBEDDED_TRANSACTION_OPTIONS = { maxWait: 120_000, timeout: 120_000 };

type Checkout = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * A pool that fails checkouts at once for FAIL_FAST_MS after the database was found away: a connection
 * refused or timed out, or a statement without an answer past QUERY_TIMEOUT_MS. Without this a database
 * that went silent would cost a request one timeout per statement (ingest runs up to three: link, rate
 * limit, lead). One connection dropped on its own (a terminated backend) does not pause the pool: the next
 * checkout connects anew and tells. The first checkout after the pause tries the database again, so
 * service resumes on its own once it is back. One clock read per checkout, no timers.
 * pg-pool's own query() checks out through this.connect(callback), so this covers pool.query too
 * (tests/integration/db-pool-faults.test.ts holds it to that).
 */
/** When the database was last found away: shared by an instance's pools, so one's timeout pauses both. */
class Pause {
  until = 0;
  reason = "";

  start(error: Error) {
    this.until = Date.now() + FAIL_FAST_MS;
    this.reason = error.message;
  }
}

class FailFastPool extends pg.Pool {
  readonly #pause: Pause;

  constructor(config: pg.PoolConfig, pause = new Pause()) {
    super(config);
    this.#pause = pause;
    // A statement that timed out releases its client with the error (and the pool drops that client).
    this.on("release", (error) => {
      if (error && /Query read timeout/.test(error.message)) this.#pause.start(error);
    });
  }

  #checkout(callback: Checkout) {
    if (Date.now() < this.#pause.until) {
      const error = new DatabaseUnavailableError(this.#pause.reason);
      process.nextTick(() => callback(error, undefined, () => {}));
      return;
    }
    (super.connect as (callback: Checkout) => void)((error, client, done) => {
      if (error && isDatabaseUnavailable(error)) this.#pause.start(error);
      callback(error, client, done);
    });
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: Checkout): void;
  // biome-ignore lint/suspicious/noConfusingVoidType: pg.Pool's own overload returns void when given a callback
  override connect(callback?: Checkout): Promise<pg.PoolClient> | void {
    if (callback) return this.#checkout(callback);
    return new Promise<pg.PoolClient>((resolve, reject) =>
      this.#checkout((error, client) => (error ? reject(error) : resolve(client!))),
    );
  }
}

/** A pg client class that gives up opening its connection after `timeout` ms, whatever the pool allows. */
function quickConnectClient(timeout: number): typeof pg.Client {
  return class QuickConnectClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super({ ...(typeof config === "string" ? { connectionString: config } : config), connectionTimeoutMillis: timeout });
    }
  };
}

/*
 * Connections through a pooler in transaction mode (DATABASE_POOLER=transaction, DESIGN.md section 17): each
 * transaction may run on another server connection, so nothing may outlive one. Registered by the settings
 * object (lib/db/client.ts), so a pool opened from `database.connection` elsewhere (the outbox runner's own)
 * is treated the same; the value is the direct connection, for what needs a session.
 */
const pooledSessions = new WeakMap<pg.ClientConfig, pg.ClientConfig | undefined>();

/** Marks `connection` as going through a transaction pooler; `session` reaches PostgreSQL itself. */
export function throughTransactionPooler(connection: pg.ClientConfig, session: pg.ClientConfig | undefined): pg.ClientConfig {
  pooledSessions.set(connection, session);
  return connection;
}

/**
 * A client that works in UTC whatever the server's default (the embedded engine sets it itself). The time
 * zone travels as a startup parameter of its own, which PostgreSQL takes as a setting and PgBouncer keeps and
 * sets on every server connection it lends; PgBouncer refuses the `options` parameter ("-c TimeZone=UTC").
 */
function utcClient(Base: typeof pg.Client): typeof pg.Client {
  return class UtcClient extends Base {
    getStartupConf(): Record<string, string> {
      const { options: _options, ...conf } = (
        Base.prototype as unknown as { getStartupConf(): Record<string, string> }
      ).getStartupConf.call(this);
      return { ...conf, TimeZone: "UTC" };
    }
  };
}

/**
 * A client for a transaction pooler: statements are never named. A prepared statement lives on one server
 * connection, which the next transaction may not get ("prepared statement … already exists" or "does not exist").
 */
function transactionPoolerClient(Base: typeof pg.Client): typeof pg.Client {
  return class TransactionPoolerClient extends Base {
    // biome-ignore lint/suspicious/noExplicitAny: pg.Client's query has a dozen overloads; this only strips a config's name.
    override query(config: any, ...rest: any[]): any {
      if (config && typeof config === "object" && "name" in config) {
        const { name: _name, ...unnamed } = config as Record<string, unknown>;
        return (super.query as (...args: unknown[]) => unknown)(unnamed, ...rest);
      }
      return (super.query as (...args: unknown[]) => unknown)(config, ...rest);
    }
  };
}

/**
 * Connections each instance keeps for transactionBatch: group commit (lib/ingest/group-commit.ts) has at
 * most two batches in flight.
 */
const BATCH_POOL_SIZE = 2;

/** A client class in pg's pipeline mode: each query is written without waiting for the previous answer. */
function pipelineClient(Base: typeof pg.Client): typeof pg.Client {
  return class PipelineClient extends Base {
    constructor(config?: string | pg.ClientConfig) {
      super({ ...(typeof config === "string" ? { connectionString: config } : config), pipeline: true });
    }
  };
}

/**
 * BEGIN, the statements and COMMIT, written at once (one write: the stream is corked meanwhile) on a
 * pipelined connection, so one round trip and one commit. pg answers each query on its own; a failed
 * statement leaves the transaction aborted, so the ones after it fail too (25P02) and COMMIT answers
 * ROLLBACK. The error reported is the first one that is not that echo.
 */
async function runBatch(client: pg.ClientBase, statements: readonly SqlStatement[]): Promise<unknown[][]> {
  const stream = (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
  const sent: Promise<pg.QueryResult>[] = [];
  stream.cork();
  try {
    sent.push(client.query("BEGIN"));
    for (const item of statements) sent.push(client.query(queryConfig(item.text, item.values)));
    sent.push(client.query("COMMIT"));
  } finally {
    stream.uncork();
  }
  const settled = await Promise.allSettled(sent);
  const failures = settled.flatMap((result) => (result.status === "rejected" ? [result.reason as unknown] : []));
  // An error without an SQL state (connection lost, timeout) leaves the outcome unknown: it wins.
  if (failures.length > 0)
    throw failures.find((error) => !sqlState(error)) ?? failures.find((error) => sqlState(error) !== "25P02") ?? failures[0];
  const commit = settled.at(-1) as PromiseFulfilledResult<pg.QueryResult>;
  if (commit.value.command !== "COMMIT") throw new Error(`the batch's COMMIT answered ${commit.value.command}`);
  return settled.slice(1, -1).map((result) => (result as PromiseFulfilledResult<pg.QueryResult>).value.rows);
}

/** What a statement run by this module looks like to pg (its types omit `query_timeout`). */
function queryConfig(
  text: string,
  values: readonly unknown[] | undefined,
  options: SqlOptions & { timeout?: number } = {},
): pg.QueryConfig {
  const config: Record<string, unknown> = { text, values: values as unknown[] | undefined };
  const name = preparedStatementName(text);
  if (name) config.name = name;
  if (options.rowMode === "array") config.rowMode = "array";
  if (options.timeout) config.query_timeout = options.timeout;
  return config as unknown as pg.QueryConfig;
}

/**
 * Statements on one connection: a pooled one, or one of a long job's own (`new pg.Client(database.sessionConnection)`).
 * `timeout` replaces the pool's statement timeout (maintenance).
 */
export function executorOn(client: pg.ClientBase, timeout?: number): SqlExecutor {
  return {
    sql: async <T>(statement: SqlStatement, options?: SqlOptions) =>
      (await client.query(queryConfig(statement.text, statement.values, { ...options, timeout }))).rows as T[],
    exec: async (script) => {
      await client.query(queryConfig(script, undefined, { timeout }));
    },
  };
}

/** Runs `work` between BEGIN and COMMIT on `client` (ROLLBACK when it throws). */
async function inTransaction<T>(client: pg.ClientBase, work: (tx: SqlExecutor) => Promise<T>, timeout?: number): Promise<T> {
  const tx = executorOn(client, timeout);
  await tx.exec("BEGIN");
  try {
    const result = await work(tx);
    await tx.exec("COMMIT");
    return result;
  } catch (error) {
    await tx.exec("ROLLBACK").catch(() => {});
    throw error;
  }
}

/** `exclusive()` on a connection of its own to PostgreSQL itself (through a transaction pooler, see above). */
async function exclusiveSession<T>(connection: pg.ClientConfig, work: (session: SqlSession) => Promise<T>): Promise<T> {
  const Client = utcClient(quickConnectClient(CONNECT_TIMEOUT_MS));
  const client = new Client(connection);
  client.on("error", () => {});
  await client.connect();
  try {
    const session = executorOn(client, MAINTENANCE_QUERY_TIMEOUT_MS);
    // Waits while another instance migrates; the lock ends with the session at worst.
    await session.sql(statement("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]));
    return await work({ ...session, transaction: (inner) => inTransaction(client, inner, MAINTENANCE_QUERY_TIMEOUT_MS) });
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The one implementation of Database: a pg pool and Prisma's pg adapter over it, to PostgreSQL or to the
 * embedded engine's socket. `pool` is exposed in server mode only (see Database.pool).
 */
export function openPool(
  kind: DatabaseKind,
  connection: pg.ClientConfig,
  poolSize: number,
  onClose: () => Promise<void>,
): Database {
  const embedded = kind === "embedded";
  const pooled = pooledSessions.has(connection);
  const quick = quickConnectClient(embedded ? EMBEDDED_CONNECT_TIMEOUT_MS : CONNECT_TIMEOUT_MS);
  const utc = embedded ? quick : utcClient(quick);
  const Client = pooled ? transactionPoolerClient(utc) : utc;
  const poolConfig: pg.PoolConfig = {
    ...connection,
    // The pool applies this to the wait in its queue (and to a connection it opens); each connection
    // bounds its own opening by CONNECT_TIMEOUT_MS first. 0: no bound.
    connectionTimeoutMillis: embedded ? 0 : QUEUE_TIMEOUT_MS,
    Client,
    query_timeout: embedded ? undefined : QUERY_TIMEOUT_MS,
    // Probes connections that sit idle, so that a peer gone silently is noticed before a request uses it.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    idleTimeoutMillis: 30_000,
  };
  const pause = new Pause();
  const pool = new FailFastPool({ ...poolConfig, max: poolSize }, pause);
  // Without a listener, an idle client losing its connection would crash the process.
  pool.on("error", () => {});
  // Pipelined connections for transactionBatch, opened on first use.
  let batchPool: FailFastPool | undefined;
  const batchConnections = () => {
    if (!batchPool) {
      batchPool = new FailFastPool(
        {
          ...poolConfig,
          max: Math.min(BATCH_POOL_SIZE, poolSize),
          Client: pipelineClient(Client),
        },
        // One pause for both: a write queued behind a statement that timed out must not wait a second timeout.
        pause,
      );
      batchPool.on("error", () => {});
    }
    return batchPool;
  };
  const prisma = new PrismaClient({
    transactionOptions: embedded ? EMBEDDED_TRANSACTION_OPTIONS : TRANSACTION_OPTIONS,
    adapter: new PrismaPg(pool, {
      // The adapter's type says string, but it hands the value to pg, where undefined means unnamed.
      statementNameGenerator: (query) => (pooled ? undefined : preparedStatementName(query.sql)) as string,
    }),
  });
  // Through a transaction pooler, what needs a session (the maintenance lock, a backup's snapshot) goes to
  // PostgreSQL itself; without a direct address it cannot run (lib/env.ts asks for one).
  const session = pooled ? pooledSessions.get(connection) : connection;
  const sessionConnection = () => {
    if (!session) throw new Error("DATABASE_POOLER=transaction: set DATABASE_DIRECT_URL for what needs a session");
    return session;
  };
  return {
    kind,
    prisma,
    pool: kind === "postgres" ? pool : undefined,
    transactionPooler: pooled,
    connection,
    get sessionConnection() {
      return sessionConnection();
    },
    async sql<T>(statement: SqlStatement, options?: SqlOptions) {
      return (await pool.query(queryConfig(statement.text, statement.values, options))).rows as T[];
    },
    async exec(script) {
      await pool.query(script);
    },
    async transaction(work) {
      const client = await pool.connect();
      // A connection that drops between statements (a held outbox batch waits on its deliveries) is reported
      // here, not as an unhandled error: the next statement fails, and the connection is not given back.
      let lost: Error | undefined;
      const onError = (error: Error) => {
        lost = error;
      };
      client.on("error", onError);
      try {
        return await inTransaction(client, work);
      } finally {
        client.off("error", onError);
        client.release(lost);
      }
    },
    async transactionBatch(statements) {
      const client = await batchConnections().connect();
      let broken: Error | undefined;
      try {
        return await runBatch(client, statements);
      } catch (error) {
        // A refusal by the database leaves the connection usable (COMMIT ended the transaction); anything else drops it.
        if (!sqlState(error)) broken = error instanceof Error ? error : new Error(String(error));
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async exclusive(work) {
      if (pooled) return exclusiveSession(sessionConnection(), work);
      const client = await pool.connect();
      try {
        const session = executorOn(client, MAINTENANCE_QUERY_TIMEOUT_MS);
        // Waits while another instance migrates, however long that takes.
        await session.sql(statement("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]));
        try {
          return await work({ ...session, transaction: (inner) => inTransaction(client, inner, MAINTENANCE_QUERY_TIMEOUT_MS) });
        } finally {
          await session.sql(statement("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]));
        }
      } finally {
        client.release();
      }
    },
    async close() {
      await prisma.$disconnect();
      await pool.end();
      await batchPool?.end();
      await onClose();
    },
  };
}

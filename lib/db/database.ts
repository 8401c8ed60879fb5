/**
 * The one database interface: what the app, the command line and the tests use, whichever engine runs
 * (lib/db/client.ts opens it; lib/db/pg-database.ts implements it).
 */
import type pg from "pg";
import type { PrismaClient } from "./generated/client";

export type DatabaseKind = "embedded" | "postgres";

/** SQL with `$n` placeholders and their values: what `Prisma.sql` builds (its `text` and `values`). */
export interface SqlStatement {
  readonly text: string;
  readonly values: readonly unknown[];
}

/** A statement without parameters, or with plain ones: `statement("SELECT $1", [x])`. */
export function statement(text: string, values: readonly unknown[] = []): SqlStatement {
  return { text, values };
}

export interface SqlOptions {
  /** "array": each row as an array of its columns, in the select list's order (no object per row). */
  rowMode?: "object" | "array";
}

/** The one way to run raw SQL, on the database or inside one of its transactions. */
export interface SqlExecutor {
  /**
   * Runs one statement on the driver itself, without the ORM's per-query work (which costs more than the
   * ingest statement's own execution on the client side). Statements marked `/* leadlink:<name> *\/` are
   * prepared once per connection (prepared-statements.ts).
   */
  sql<T>(statement: SqlStatement, options?: SqlOptions): Promise<T[]>;
  /** Runs a script of several statements (no parameters). */
  exec(script: string): Promise<void>;
}

/** One connection used by nothing else meanwhile, holding the maintenance lock: what migrations need. */
export interface SqlSession extends SqlExecutor {
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
}

/**
 * The database, whichever engine runs it: both are PostgreSQL reached through the `pg` driver (the
 * embedded engine serves the PostgreSQL protocol on a Unix socket, lib/db/embedded-engine.ts), so this
 * interface is implemented once, and no code outside lib/db needs to know which engine it runs on.
 */
export interface Database extends SqlExecutor {
  readonly kind: DatabaseKind;
  readonly prisma: PrismaClient;
  /**
   * Server mode only: the pool, for state that instances share (rate-limit counters). Undefined when one
   * process owns the database (embedded), where memory is shared enough.
   */
  readonly pool?: pg.Pool;
  /**
   * True through a pooler in transaction mode (DATABASE_POOLER=transaction): no statement is prepared by name,
   * so hot statements go through database functions instead (lib/db/statement-functions.ts).
   */
  readonly transactionPooler: boolean;
  /** Settings for a pool of one's own (the outbox runner's): through the pooler when there is one. */
  readonly connection: pg.ClientConfig;
  /**
   * Settings for a connection of one's own that keeps session state (a backup's snapshot, the seed):
   * `new pg.Client(database.sessionConnection)`. PostgreSQL itself (DATABASE_DIRECT_URL) behind a
   * transaction pooler; the same as `connection` otherwise.
   */
  readonly sessionConnection: pg.ClientConfig;
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /**
   * Runs `statements` in one transaction, sent together (BEGIN, each statement, COMMIT written at once on
   * one connection, pg's pipeline mode): one round trip and one commit for all. Resolves with each one's
   * rows once COMMIT has answered; rejects, with everything rolled back, when any of them fails: with the
   * database's own error (it has an SQL state) when it refused one, otherwise (connection lost, timeout)
   * with that error, after which the outcome is unknown, as for any statement.
   */
  transactionBatch(statements: readonly SqlStatement[]): Promise<unknown[][]>;
  /** A session of its own under the maintenance lock (migrations, VACUUM): one at a time across instances. */
  exclusive<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

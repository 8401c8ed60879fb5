/**
 * Reading database errors that arrive through Prisma and its driver adapters (pg, PGlite),
 * whose shapes differ: PostgreSQL's SQLSTATE sits in `meta.driverAdapterError.cause.originalCode`
 * for Prisma errors, or in `code` for errors straight from `pg`.
 */

interface DriverCause {
  originalCode?: string;
  originalMessage?: string;
  kind?: string;
  constraint?: { index?: string; fields?: string[] };
}

function causeOf(error: unknown): DriverCause | undefined {
  const meta = (error as { meta?: { driverAdapterError?: { cause?: DriverCause } } } | null)?.meta;
  return meta?.driverAdapterError?.cause;
}

export function sqlState(error: unknown): string | undefined {
  const cause = causeOf(error);
  if (cause?.originalCode) return cause.originalCode;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** The name of the unique constraint a statement violated, or undefined for any other error. */
export function uniqueViolation(error: unknown): string | undefined {
  if (sqlState(error) !== "23505") return undefined;
  const cause = causeOf(error);
  const message = cause?.originalMessage ?? (error as Error).message ?? "";
  return (
    cause?.constraint?.index ??
    (error as { constraint?: string }).constraint ??
    /unique constraint "([^"]+)"/.exec(message)?.[1] ??
    "unknown"
  );
}

/**
 * Thrown by the pool without trying the database, because it was found away a moment ago
 * (lib/db/pg-database.ts, FailFastPool). Its message is recognised too, for when only the message survives wrapping.
 */
export class DatabaseUnavailableError extends Error {
  constructor(lastFailure: string) {
    super(`Database unavailable (failing fast after: ${lastFailure})`);
    this.name = "DatabaseUnavailableError";
  }
}

const UNAVAILABLE_KINDS = new Set([
  "DatabaseNotReachable",
  "DatabaseDoesNotExist",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
  "TransactionStartTimeout",
]);
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "P1001",
  "P1002",
  "P1017",
  "P2024",
]);

/**
 * True when the database cannot be reached or is shutting down: the request may succeed later,
 * so the sender gets a 503 with Retry-After rather than a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 6; depth++) {
    if (current instanceof DatabaseUnavailableError) return true;
    const cause = causeOf(current);
    if (cause?.kind && UNAVAILABLE_KINDS.has(cause.kind)) return true;
    const state = sqlState(current);
    // 08: connection exception; 57P01-57P03: admin shutdown, crash shutdown, cannot connect now; 53300: too many connections.
    if (state && (state.startsWith("08") || ["57P01", "57P02", "57P03", "53300"].includes(state))) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    const message = (current as { message?: unknown }).message;
    if (
      typeof message === "string" &&
      /^timeout expired$|Database unavailable \(failing fast|Connection terminated|timeout exceeded when trying to connect|Query read timeout|connect ECONNREFUSED|connect ENOENT .*\.s\.PGSQL|Cannot use a pool after calling end|the database system is (starting up|shutting down)|Can't reach database server|PGlite is clos/i.test(
        message,
      )
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

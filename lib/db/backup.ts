import fs from "node:fs";
import readline from "node:readline";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import pg from "pg";
import { AppError } from "@/lib/errors";
import { type Database, executorOn, type SqlExecutor, statement } from "./client";

/*
 * Backups, restores and copies between databases, in SQL only, so that they work the same on both engines
 * and need nothing installed (pg_dump would need PostgreSQL's client tools, of the server's version, and
 * cannot read a dump of the embedded engine back into it without them either).
 *
 * A backup file is gzipped JSON lines:
 *   {"format":"leadlink-backup","version":1,"createdAt":…,"migrations":[…]}   the header
 *   ["table","leads",["id","workspace_id",…]]                                 a table's rows follow
 *   {"id":…,"workspace_id":…}                                                 one row (row_to_json)
 *   ["end",12345]                                                             the row count: the file is whole
 * Rows are read as PostgreSQL's own JSON text and written back with json_populate_recordset, never parsed
 * here, so every type (timestamps, enums, arrays, jsonb, big numbers) round-trips exactly. Tables come in
 * foreign-key order, parents first. Generated columns (leads.search_text) are left out: they are computed
 * again on insert. The rate-limit counters are not data worth keeping; Prisma's migration table is
 * the schema's, recorded in the header instead.
 */

const FORMAT = "leadlink-backup";
const VERSION = 1;
// submission_partitioning describes the database's own partitions (issue 30), not data to carry over.
const SKIPPED_TABLES = ["_prisma_migrations", "rate_limits", "submission_partitioning"];
const BATCH = 1_000;

export interface TransferSummary {
  /** Rows per table, in the order they were written. */
  tables: Record<string, number>;
  rows: number;
  migrations: string[];
}

interface TableStart {
  kind: "table";
  name: string;
  columns: string[];
}

interface RowBatch {
  kind: "rows";
  /** Each a row as JSON text (row_to_json). */
  rows: string[];
}

type TransferEvent = TableStart | RowBatch;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The application's tables, parents before the tables that reference them. */
async function tablesInOrder(sql: SqlExecutor): Promise<{ name: string; columns: string[] }[]> {
  const tables = await sql.sql<{ name: string; columns: string[] }>(
    statement(
      `SELECT c.relname AS name,
              array_agg(a.attname::text ORDER BY a.attnum) AS columns
         FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
        WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
          AND NOT (c.relname = ANY($1::text[]))
        GROUP BY c.relname
        ORDER BY c.relname`,
      [SKIPPED_TABLES],
    ),
  );
  const references = await sql.sql<{ child: string; parent: string }>(
    statement(
      `SELECT child.relname AS child, parent.relname AS parent
         FROM pg_constraint k
         JOIN pg_class child ON child.oid = k.conrelid
         JOIN pg_class parent ON parent.oid = k.confrelid
         JOIN pg_namespace n ON n.oid = child.relnamespace
        WHERE k.contype = 'f' AND n.nspname = current_schema() AND child.oid <> parent.oid`,
    ),
  );
  const ordered: typeof tables = [];
  const placed = new Set<string>();
  const remaining = [...tables];
  while (remaining.length > 0) {
    const index = remaining.findIndex((table) =>
      references.every(
        (reference) =>
          reference.child !== table.name ||
          placed.has(reference.parent) ||
          !remaining.some((other) => other.name === reference.parent),
      ),
    );
    if (index < 0) throw new Error(`circular foreign keys between ${remaining.map((table) => table.name).join(", ")}`);
    const [table] = remaining.splice(index, 1);
    ordered.push(table!);
    placed.add(table!.name);
  }
  return ordered;
}

async function appliedMigrations(sql: SqlExecutor): Promise<string[]> {
  const rows = await sql.sql<{ name: string }>(
    statement(
      `SELECT migration_name AS name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
    ),
  );
  return rows.map((row) => row.name);
}

/**
 * Every table's rows, read in one snapshot (a repeatable-read transaction on a connection of its own,
 * through a cursor, so memory stays flat). On the embedded engine the snapshot holds the engine for the
 * whole read: other statements wait until it is done.
 */
async function readSource(
  database: Database,
  consume: (migrations: string[], events: AsyncIterable<TransferEvent>) => Promise<void>,
): Promise<void> {
  const client = new pg.Client(database.sessionConnection);
  await client.connect();
  try {
    const sql = executorOn(client);
    await sql.exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    try {
      const migrations = await appliedMigrations(sql);
      const tables = await tablesInOrder(sql);
      async function* events(): AsyncGenerator<TransferEvent> {
        for (const table of tables) {
          yield { kind: "table", name: table.name, columns: table.columns };
          const select = table.columns.map(quote).join(", ");
          await sql.exec(
            `DECLARE leadlink_transfer NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM (SELECT ${select} FROM ${quote(table.name)}) t`,
          );
          for (;;) {
            const rows = await sql.sql<{ row: string }>(statement(`FETCH ${BATCH} FROM leadlink_transfer`));
            if (rows.length === 0) break;
            yield { kind: "rows", rows: rows.map((row) => row.row) };
          }
          await sql.exec("CLOSE leadlink_transfer");
        }
      }
      await consume(migrations, events());
    } finally {
      await sql.exec("ROLLBACK").catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Writes the events into `database`, in one transaction: all of it or nothing. The database must be
 * migrated to the same migrations as the source, and empty unless `replace` (then its rows go first).
 */
async function writeTarget(
  database: Database,
  migrations: string[],
  events: AsyncIterable<TransferEvent>,
  replace: boolean,
): Promise<TransferSummary> {
  const client = new pg.Client(database.sessionConnection);
  await client.connect();
  try {
    const sql = executorOn(client);
    const own = await appliedMigrations(sql);
    if (own.join("\n") !== migrations.join("\n")) {
      const missing = migrations.filter((name) => !own.includes(name));
      const extra = own.filter((name) => !migrations.includes(name));
      throw new AppError(
        "backup_version_mismatch",
        "The data was written by another version of Leadlink than this database's schema" +
          `${missing.length ? ` (migrations this database lacks: ${missing.join(", ")})` : ""}` +
          `${extra.length ? ` (migrations the data predates: ${extra.join(", ")})` : ""}. ` +
          "Restore with the version of Leadlink that made the backup, then upgrade.",
      );
    }
    const tables = await tablesInOrder(sql);
    await sql.exec("BEGIN");
    try {
      if (replace) {
        if (tables.length > 0) await sql.exec(`TRUNCATE ${tables.map((table) => quote(table.name)).join(", ")} CASCADE`);
      } else {
        for (const table of tables) {
          const [row] = await sql.sql<{ found: boolean }>(statement(`SELECT EXISTS (SELECT FROM ${quote(table.name)}) AS found`));
          if (row?.found) {
            throw new AppError(
              "restore_target_not_empty",
              `The target database already holds data (table ${table.name}). Restore into an empty database, or pass --replace to delete what it holds first.`,
            );
          }
        }
      }
      const summary: TransferSummary = { tables: {}, rows: 0, migrations };
      let current: TableStart | undefined;
      for await (const event of events) {
        if (event.kind === "table") {
          if (!tables.some((table) => table.name === event.name))
            throw new AppError("backup_invalid", `The data holds a table this database does not have: ${event.name}.`);
          current = event;
          summary.tables[event.name] = 0;
          continue;
        }
        if (!current) throw new AppError("backup_invalid", "Rows before any table in the backup.");
        const columns = current.columns.map(quote).join(", ");
        await sql.sql(
          statement(
            `INSERT INTO ${quote(current.name)} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${quote(current.name)}, $1::json)`,
            [`[${event.rows.join(",")}]`],
          ),
        );
        summary.tables[current.name]! += event.rows.length;
        summary.rows += event.rows.length;
      }
      await sql.exec("COMMIT");
      return summary;
    } catch (error) {
      await sql.exec("ROLLBACK").catch(() => {});
      throw error;
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/** Writes a backup of `database` to `file` (through `file.partial`, renamed once whole). */
export async function backupDatabase(database: Database, file: string): Promise<TransferSummary> {
  const partial = `${file}.partial`;
  const summary: TransferSummary = { tables: {}, rows: 0, migrations: [] };
  try {
    await readSource(database, async (migrations, events) => {
      summary.migrations = migrations;
      async function* lines(): AsyncGenerator<string> {
        yield `${JSON.stringify({ format: FORMAT, version: VERSION, createdAt: new Date().toISOString(), migrations })}\n`;
        let table = "";
        for await (const event of events) {
          if (event.kind === "table") {
            table = event.name;
            summary.tables[table] = 0;
            yield `${JSON.stringify(["table", event.name, event.columns])}\n`;
          } else {
            summary.tables[table]! += event.rows.length;
            summary.rows += event.rows.length;
            yield `${event.rows.join("\n")}\n`;
          }
        }
        yield `${JSON.stringify(["end", summary.rows])}\n`;
      }
      await pipeline(lines(), createGzip(), fs.createWriteStream(partial));
    });
    fs.renameSync(partial, file);
    return summary;
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

/** The events of a backup file, checked as they are read: a truncated or foreign file is refused. */
async function readBackupFile(file: string): Promise<{ migrations: string[]; events: AsyncIterable<TransferEvent> }> {
  if (!fs.existsSync(file)) throw new AppError("backup_not_found", `No backup file at ${file}.`);
  const input = fs.createReadStream(file).pipe(createGunzip());
  const lines = readline.createInterface({ input, crlfDelay: Infinity })[Symbol.asyncIterator]();
  const invalid = (why: string) => new AppError("backup_invalid", `${file} is not a whole Leadlink backup: ${why}.`);
  let header: { format?: unknown; version?: unknown; migrations?: unknown };
  try {
    const first = await lines.next();
    header = JSON.parse(first.done ? "null" : first.value) ?? {};
  } catch {
    throw invalid("it does not start with a Leadlink backup header");
  }
  if (header.format !== FORMAT || header.version !== VERSION || !Array.isArray(header.migrations))
    throw invalid("it does not start with a Leadlink backup header");

  async function* events(): AsyncGenerator<TransferEvent> {
    let rows: string[] = [];
    let count = 0;
    for (;;) {
      const next = await lines.next().catch((error: Error) => {
        throw invalid(error.message);
      });
      if (next.done) throw invalid("it ends before its last line");
      const line = next.value;
      if (line.startsWith("{")) {
        rows.push(line);
        count += 1;
        if (rows.length >= BATCH) {
          yield { kind: "rows", rows };
          rows = [];
        }
        continue;
      }
      if (rows.length > 0) {
        yield { kind: "rows", rows };
        rows = [];
      }
      const marker = JSON.parse(line) as [string, unknown, unknown?];
      if (marker[0] === "table" && typeof marker[1] === "string" && Array.isArray(marker[2])) {
        yield { kind: "table", name: marker[1], columns: marker[2] as string[] };
      } else if (marker[0] === "end") {
        if (marker[1] !== count) throw invalid(`it says ${String(marker[1])} rows but holds ${count}`);
        return;
      } else {
        throw invalid("a line is neither a row nor a table");
      }
    }
  }
  return { migrations: header.migrations as string[], events: events() };
}

/** Restores a backup file into `database` (migrated, empty unless `replace`), in one transaction. */
export async function restoreDatabase(
  database: Database,
  file: string,
  options: { replace?: boolean } = {},
): Promise<TransferSummary> {
  const { migrations, events } = await readBackupFile(file);
  return writeTarget(database, migrations, events, options.replace === true);
}

/** Copies every row of `source` into `target` (both migrated; `target` empty unless `replace`). */
export async function copyDatabase(
  source: Database,
  target: Database,
  options: { replace?: boolean } = {},
): Promise<TransferSummary> {
  let summary: TransferSummary | undefined;
  await readSource(source, async (migrations, events) => {
    summary = await writeTarget(target, migrations, events, options.replace === true);
  });
  return summary!;
}

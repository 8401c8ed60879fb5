import path from "node:path";
import type { Command } from "commander";
import { backupDatabase, copyDatabase, restoreDatabase, type TransferSummary } from "@/lib/db/backup";
import { getDatabase, openDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { AppError } from "@/lib/errors";
import { action, type CliContext, leafCommand } from "./cli-command";

const SUMMARY_JSON = '{"file" | "to", "tables": {"<table>": rows, …}, "rows": total, "migrations": count}';

function summaryJson(summary: TransferSummary) {
  return { tables: summary.tables, rows: summary.rows, migrations: summary.migrations.length };
}

function tableText(summary: TransferSummary): string {
  return Object.entries(summary.tables)
    .map(([table, rows]) => `  ${table}: ${rows.toLocaleString("en")}`)
    .join("\n");
}

/** The URL without its password, to print. */
function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

export function registerBackupCommands(program: Command, context: CliContext): void {
  leafCommand(program, "backup", "write every lead, submission and setting to a file (both database modes)")
    .requiredOption("--to <file>", "the backup file to write (gzipped JSON lines)")
    .addHelpText("after", `\nJSON: ${SUMMARY_JSON}`)
    .action(
      action(context, async (options: { to: string }) => {
        const file = path.resolve(options.to);
        const summary = await backupDatabase(await getDatabase(), file);
        return {
          json: { file, ...summaryJson(summary) },
          text: `Wrote ${summary.rows.toLocaleString("en")} rows to ${file}:\n${tableText(summary)}`,
        };
      }),
    );

  leafCommand(program, "restore", "restore a backup file into this database (empty, or with --replace)")
    .requiredOption("--from <file>", "the backup file to read")
    .option("--replace", "delete what the database holds first (else it must be empty)")
    .addHelpText("after", `\nJSON: ${SUMMARY_JSON}`)
    .action(
      action(context, async (options: { from: string; replace?: boolean }) => {
        const file = path.resolve(options.from);
        const summary = await restoreDatabase(await getDatabase(), file, { replace: options.replace });
        return {
          json: { file, ...summaryJson(summary) },
          text: `Restored ${summary.rows.toLocaleString("en")} rows from ${file}:\n${tableText(summary)}`,
        };
      }),
    );

  const db = program.command("db").description("the database itself");
  leafCommand(db, "copy", "copy this database (e.g. the embedded one) into a PostgreSQL database, to move to server mode")
    .requiredOption("--to <url>", "postgres://user:password@host:port/database (the database must exist; it is migrated)")
    .option("--replace", "delete what the target database holds first (else it must be empty)")
    .addHelpText("after", `\nThen start Leadlink with DATABASE_URL set to that URL.\nJSON: ${SUMMARY_JSON}`)
    .action(
      action(context, async (options: { to: string; replace?: boolean }) => {
        if (!/^postgres(ql)?:\/\//.test(options.to)) {
          throw new AppError("usage_error", "--to must be a PostgreSQL URL: postgres://user:password@host:port/database");
        }
        const source = await getDatabase();
        const target = await openDatabase({ kind: "postgres", url: options.to, poolSize: 2 });
        try {
          await migrate(target);
          const summary = await copyDatabase(source, target, { replace: options.replace });
          const to = withoutPassword(options.to);
          return {
            json: { to, ...summaryJson(summary) },
            text: `Copied ${summary.rows.toLocaleString("en")} rows to ${to}:\n${tableText(summary)}\nStart Leadlink with DATABASE_URL set to it.`,
          };
        } finally {
          await target.close();
        }
      }),
    );
}

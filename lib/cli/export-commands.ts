import { createWriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Command } from "commander";
import { CLI_ACTOR, recordAudit } from "@/lib/audit/record";
import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import { exportLeads } from "@/lib/leads/export-leads";
import { exportLeadsXlsx } from "@/lib/leads/export-leads-xlsx";
import { isTimeZone } from "@/lib/time/time-zone";
import { findWorkspace } from "@/lib/workspaces/find-workspace";
import { workspaceLanguage } from "@/lib/workspaces/message-language";
import { getWorkspaceSettings } from "@/lib/workspaces/workspace-settings";
import { workspaceTimeZone } from "@/lib/workspaces/workspace-time-zone";
import { action, type CliContext, leafCommand } from "./cli-command";

const FORMATS = ["csv", "xlsx"] as const;

function invalidOption(field: string, message: string): AppError {
  return new AppError("validation_failed", `--${field} ${message}.`, {
    errors: [{ field, code: "invalid_value", message }],
  });
}

/** `lead export`: the admin's export (DESIGN.md section 13) to a file: the plain CSV for tools, or the xlsx for people. */
export function registerExportCommands(program: Command, context: CliContext): void {
  const lead = program.commands.find((command) => command.name() === "lead") ?? program.command("lead");

  leafCommand(lead, "export", "write a workspace's leads to a file: plain CSV for tools, or Excel (.xlsx) for people")
    .requiredOption("--workspace <slug>", "the workspace")
    .requiredOption("--output <file>", "where to write the file")
    .option("--format <format>", "csv (English keys, ISO UTC, E.164) or xlsx (the workspace's language)", "csv")
    .option("--language <language>", "xlsx: en or pt-BR (default: the workspace's language)")
    .option("--time-zone <zone>", "xlsx: the zone dates are written in (default: the workspace's)")
    .addHelpText("after", '\nJSON: {"file", "format", "bytes"}')
    .action(
      action(
        context,
        async (options: { workspace: string; output: string; format: string; language?: string; timeZone?: string }) => {
          const format = options.format.trim().toLowerCase();
          if (!(FORMATS as readonly string[]).includes(format)) throw invalidOption("format", "must be csv or xlsx");
          if (options.language !== undefined && !isLocale(options.language)) {
            throw invalidOption("language", "must be en or pt-BR");
          }
          const workspace = await findWorkspace(options.workspace);
          if (format === "xlsx") {
            const language: Locale = isLocale(options.language)
              ? options.language
              : await workspaceLanguage(await getDatabase(), workspace.id);
            if (options.timeZone !== undefined && !isTimeZone(options.timeZone)) {
              throw invalidOption("time-zone", "must be an IANA time zone such as America/Sao_Paulo");
            }
            const { timeZone: stored } = await getWorkspaceSettings(workspace.id);
            const timeZone = workspaceTimeZone({ ...workspace, timeZone: stored }, options.timeZone);
            const locale = language === "en" ? "en-US" : language;
            const { stream } = await exportLeadsXlsx(workspace.id, {}, { language, locale, timeZone });
            await pipeline(stream, createWriteStream(options.output));
          } else {
            const { chunks } = await exportLeads(workspace.id, {});
            await pipeline(Readable.from(chunks), createWriteStream(options.output));
          }
          await recordAudit(CLI_ACTOR, { workspaceId: workspace.id, action: "leads.exported", details: { filters: [], format } });
          const bytes = (await stat(options.output)).size;
          return {
            json: { file: options.output, format, bytes },
            text: `Wrote ${options.output} (${format}, ${bytes} bytes).`,
          };
        },
      ),
    );
}

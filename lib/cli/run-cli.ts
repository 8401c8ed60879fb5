import { Command, CommanderError } from "commander";
import { registerApiKeyCommands } from "./apikey-commands";
import { registerAssignmentCommands } from "./assignment-commands";
import { registerBackupCommands } from "./backup-commands";
import type { CliContext } from "./cli-command";
import type { CliIo } from "./cli-io";
import { writeError } from "./cli-output";
import { registerExportCommands } from "./export-commands";
import { registerFieldCommands } from "./field-commands";
import { registerLeadCommands } from "./lead-commands";
import { registerLinkCommands } from "./link-commands";
import { registerMigrateCommand } from "./migrate-command";
import { registerNotifyCommands } from "./notify-commands";
import { registerPrivacyCommands } from "./privacy-commands";
import { registerReportCommands } from "./report-commands";
import { registerUserCommands } from "./user-commands";
import { registerWebhookCommands } from "./webhook-commands";
import { registerWorkspaceCommands } from "./workspace-commands";

function buildProgram(context: CliContext, json: boolean): Command {
  const program = new Command("leadlink")
    .description("Leadlink's command line. Every command takes --json and then prints one JSON value on stdout.")
    // Settings are copied to subcommands when they are created, so they come first.
    .exitOverride()
    .configureOutput({
      writeOut: (text) => context.io.stdout(text),
      writeErr: (text) => context.io.stderr(text),
      // With --json the error is printed once, as JSON, by runCli.
      outputError: (text, write) => {
        if (!json) write(text);
      },
      // The server runs commands too: its terminal's width and colours are not the caller's.
      getOutHelpWidth: () => 100,
      getErrHelpWidth: () => 100,
      getOutHasColors: () => false,
      getErrHasColors: () => false,
    })
    .showHelpAfterError("(run with --help for usage)");
  registerMigrateCommand(program, context);
  registerUserCommands(program, context);
  registerWorkspaceCommands(program, context);
  registerLinkCommands(program, context);
  registerAssignmentCommands(program, context);
  registerFieldCommands(program, context);
  registerLeadCommands(program, context);
  registerExportCommands(program, context);
  registerBackupCommands(program, context);
  registerWebhookCommands(program, context);
  registerNotifyCommands(program, context);
  registerPrivacyCommands(program, context);
  registerApiKeyCommands(program, context);
  registerReportCommands(program, context);
  program.addHelpText(
    "after",
    "\nAlso: seed --leads N [--workspace SLUG] [--json]   insert realistic leads fast, through SQL (npm run seed)",
  );
  return program;
}

/**
 * Runs one `leadlink` command and returns its exit code. Writes only through `io` and never exits
 * the process (tests run commands in their own process with this function).
 * The database is the process's (getDatabase()): the bin opens it, the server already has it.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const json = argv.includes("--json");
  const context: CliContext = { io, exitCode: 0 };
  try {
    await buildProgram(context, json).parseAsync(argv, { from: "user" });
    return context.exitCode;
  } catch (error) {
    // Help and version requests end in a CommanderError too, with exit code 0 and their text already written.
    if (error instanceof CommanderError) {
      if (json && error.exitCode !== 0 && !error.code.startsWith("commander.help")) writeError(io, true, error);
      return error.exitCode === 0 ? 0 : 1;
    }
    writeError(io, json, error);
    return 1;
  }
}

import { closeDatabase, databaseOptionsFromEnv, openDatabase, useDatabase } from "@/lib/db/client";
import { env } from "@/lib/env";
import { writeError } from "./cli-output";
import { type CliIo, forwardToServer } from "./control-socket";
import { loadEnvFiles } from "./load-env-files";
import { runCli } from "./run-cli";

/**
 * Run by npm in JSON mode (this project's .npmrc sets `json=true`, which sends npm's script banner to stderr):
 * npm then prints a JSON error report of its own on stdout when a script fails. So that stdout still holds
 * one JSON value, a failed command's output goes to stderr there; `npx leadlink` and the bin itself keep it on stdout.
 */
function npmReportsFailures(): boolean {
  const npm = process.env;
  return npm.npm_config_json === "true" && (npm.npm_lifecycle_event === "cli" || npm.npm_command === "exec");
}

/** Holds stdout until the exit code is known (the command prints one value at its end, so nothing waits long). */
function bufferedIo(): CliIo & { flush(exitCode: number): void } {
  let stdout = "";
  return {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void process.stderr.write(text),
    flush(exitCode) {
      if (exitCode !== 0 && npmReportsFailures()) process.stderr.write(stdout);
      else process.stdout.write(stdout);
      stdout = "";
    },
  };
}

/** The first word that is not an option: the command. */
function commandOf(argv: string[]): string | undefined {
  return argv.find((arg) => !arg.startsWith("-"));
}

/**
 * The `leadlink` bin, run from the project root. Decides where the database is:
 * - embedded, with a server owning DATA_DIR: the command runs in that server (control socket);
 * - otherwise the database is opened here. `migrate` opens it as it is and reports what it applies;
 *   every other command gets it on first use from getDatabase(), which opens and migrates it, so that
 *   `--help` or a usage error never touches (or waits for) the database.
 */
export async function runBin(argv: string[], root: string): Promise<number> {
  const io = bufferedIo();
  const exitCode = await runCommand(argv, root, io);
  io.flush(exitCode);
  return exitCode;
}

async function runCommand(argv: string[], root: string, processIo: CliIo): Promise<number> {
  try {
    loadEnvFiles(root);
    const { DATABASE_URL, dataDir } = env();
    if (!DATABASE_URL) {
      const forwarded = await forwardToServer(dataDir, argv);
      if (forwarded) {
        processIo.stdout(forwarded.stdout);
        processIo.stderr(forwarded.stderr);
        return forwarded.exitCode;
      }
    }
    const wantsHelp = argv.includes("--help") || argv.includes("-h");
    if (commandOf(argv) === "migrate" && !wantsHelp) useDatabase(await openDatabase(databaseOptionsFromEnv()));
    return await runCli(argv, processIo);
  } catch (error) {
    writeError(processIo, argv.includes("--json"), error);
    return 1;
  } finally {
    await closeDatabase().catch((error: unknown) => processIo.stderr(`warning: closing the database: ${(error as Error).message}\n`));
  }
}

import {
  closeDatabase,
  type DatabaseOptions,
  databaseOptionsFromEnv,
  openDatabase,
  useDatabase,
  useDatabaseOptions,
} from "@/lib/db/client";
import { resetEnv } from "@/lib/env";
import type { CliIo } from "./cli-io";
import { writeError } from "./cli-output";
import { loadEnvFiles } from "./load-env-files";
import { runCli } from "./run-cli";
import { runSeed } from "./run-seed";

/**
 * Run by npm in JSON mode (`npm --json run cli`, or `json=true` in a user's npm configuration; this project's .npmrc
 * leaves it off): npm then prints a JSON error report of its own on stdout when a script fails. So that stdout still holds
 * one JSON value, a failed command's output goes to stderr there (also under `npx leadlink`); otherwise it stays on stdout.
 */
function npmReportsFailures(): boolean {
  const npm = process.env;
  if (npm.npm_config_json !== "true") return false;
  // `npm run cli`, or `npx leadlink` (not this bin started by a program that npx ran, such as a test runner).
  return (
    npm.npm_lifecycle_event === "cli" ||
    (npm.npm_command === "exec" && npm.npm_lifecycle_script?.replace(/'/g, "") === "leadlink")
  );
}

/** Holds stdout until the exit code is known (the command prints one value at its end, so nothing waits long). */
function bufferedIo(): CliIo & { flush(exitCode: number): void } {
  let stdout = "";
  return {
    stdout: (text) => {
      stdout += text;
    },
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
 * - embedded, with a server owning DATA_DIR: the command connects to that server's database engine
 *   (its Unix socket in DATA_DIR), as it would to PostgreSQL;
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
  // `seed` opens its own bulk connections beside the app's database (lib/cli/run-seed.ts).
  if (commandOf(argv) === "seed")
    return runSeed(
      argv.filter((_arg, index) => index !== argv.indexOf("seed")),
      root,
      processIo,
    );
  try {
    loadEnvFiles(root);
    // Modules imported before this point may have read the environment already (env() caches it): read it again
    // with the .env files' variables, or settings such as WEBHOOK_ALLOW_PRIVATE_NETWORKS would apply only to the server.
    resetEnv();
    const fromEnv = databaseOptionsFromEnv();
    // A small pool: a command runs a few statements one after the other.
    const options: DatabaseOptions =
      fromEnv.kind === "embedded" ? { ...fromEnv, attach: true, poolSize: 4 } : { ...fromEnv, poolSize: 4 };
    useDatabaseOptions(options);
    const wantsHelp = argv.includes("--help") || argv.includes("-h");
    if (commandOf(argv) === "migrate" && !wantsHelp) useDatabase(await openDatabase(options));
    return await runCli(argv, processIo);
  } catch (error) {
    writeError(processIo, argv.includes("--json"), error);
    return 1;
  } finally {
    await closeDatabase().catch((error: unknown) =>
      processIo.stderr(`warning: closing the database: ${(error as Error).message}\n`),
    );
  }
}

import { closeDatabase, type DatabaseOptions, databaseOptionsFromEnv, openDatabase, useDatabase, useDatabaseOptions } from "@/lib/db/client";
import { writeError } from "./cli-output";
import type { CliIo } from "./cli-io";
import { loadEnvFiles } from "./load-env-files";
import { runCli } from "./run-cli";

const processIo: CliIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};

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
  try {
    loadEnvFiles(root);
    const fromEnv = databaseOptionsFromEnv();
    // A small pool: a command runs a few statements one after the other.
    const options: DatabaseOptions = fromEnv.kind === "embedded" ? { ...fromEnv, attach: true, poolSize: 4 } : { ...fromEnv, poolSize: 4 };
    useDatabaseOptions(options);
    const wantsHelp = argv.includes("--help") || argv.includes("-h");
    if (commandOf(argv) === "migrate" && !wantsHelp) useDatabase(await openDatabase(options));
    return await runCli(argv, processIo);
  } catch (error) {
    writeError(processIo, argv.includes("--json"), error);
    return 1;
  } finally {
    await closeDatabase().catch((error: unknown) => processIo.stderr(`warning: closing the database: ${(error as Error).message}\n`));
  }
}

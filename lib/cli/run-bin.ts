import { closeDatabase, databaseOptionsFromEnv, openDatabase, useDatabase } from "@/lib/db/client";
import { env } from "@/lib/env";
import { writeError } from "./cli-output";
import { type CliIo, forwardToServer } from "./control-socket";
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
 * - embedded, with a server owning DATA_DIR: the command runs in that server (control socket);
 * - otherwise the database is opened here. `migrate` opens it as it is and reports what it applies;
 *   every other command gets it on first use from getDatabase(), which opens and migrates it, so that
 *   `--help` or a usage error never touches (or waits for) the database.
 */
export async function runBin(argv: string[], root: string): Promise<number> {
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

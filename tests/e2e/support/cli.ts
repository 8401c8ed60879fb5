import { execFile } from "node:child_process";
import path from "node:path";
import { ROOT } from "./server";

/**
 * Runs `leadlink <args> --json` against an embedded database and returns the JSON it prints. While a
 * server owns that DATA_DIR the command connects to its database engine (a socket in DATA_DIR); otherwise the
 * command line opens the database itself. With `options.databaseUrl`, the command opens that PostgreSQL
 * database instead.
 */
export function leadlinkCli<T = unknown>(dataDir: string, args: string[], options: { databaseUrl?: string } = {}): Promise<T> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1", LOG_LEVEL: "warn" };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(ROOT, "bin/leadlink.mjs"), ...args, "--json"],
      { cwd: ROOT, env, timeout: 90_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) {
          reject(new Error(`leadlink ${args.join(" ")} failed (${error.code ?? error.signal}):\n${stderr}${stdout}`));
          return;
        }
        try {
          resolve(JSON.parse(stdout) as T);
        } catch {
          reject(new Error(`leadlink ${args.join(" ")} printed something other than JSON:\n${stdout}\n${stderr}`));
        }
      },
    );
  });
}

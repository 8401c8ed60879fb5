import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, testDatabaseKind } from "../support/database";

const PROJECT = path.join(import.meta.dirname, "../..");
const tempDirs: string[] = [];

afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/**
 * The bin's own entry (lib/cli/run-bin.ts) run in a child process with another project root: a directory holding only
 * the migrations, the packages and a .env file, so the settings come from that file and not from this process's environment.
 */
function binWithRoot(root: string, argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const script = `
    import { pathToFileURL } from "node:url";
    import { register } from "tsx/esm/api";
    register({ tsconfig: ${JSON.stringify(path.join(PROJECT, "tsconfig.json"))} });
    const { runBin } = await import(${JSON.stringify(pathToFileUrl(path.join(PROJECT, "lib/cli/run-bin.ts")))});
    process.exitCode = await runBin(${JSON.stringify(argv)}, ${JSON.stringify(root)});
  `;
  // A file, not `node -e`: the embedded engine's worker inherits the process's execArgv.
  const entry = path.join(root, "run-bin.mjs");
  fs.writeFileSync(entry, script);
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production" };
  for (const name of ["DATABASE_URL", "DATA_DIR", "WEBHOOK_ALLOW_PRIVATE_NETWORKS"]) delete env[name];
  return new Promise((resolve) => {
    execFile(process.execPath, [entry], { cwd: root, env, timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

function pathToFileUrl(file: string): string {
  return new URL(`file://${file}`).href;
}

describe("the command line's .env files", () => {
  it("applies every setting of .env, not only the database's (WEBHOOK_ALLOW_PRIVATE_NETWORKS)", async () => {
    const root = tempDir("leadlink-env-root-");
    fs.symlinkSync(path.join(PROJECT, "prisma"), path.join(root, "prisma"));
    fs.symlinkSync(path.join(PROJECT, "node_modules"), path.join(root, "node_modules"));
    let drop = async () => {};
    let database: string;
    if (testDatabaseKind === "postgres") {
      const created = await createPostgresDatabase();
      database = `DATABASE_URL=${created.url}`;
      drop = created.drop;
    } else {
      database = `DATA_DIR=${tempDir("leadlink-env-data-")}`;
    }
    fs.writeFileSync(path.join(root, ".env"), `${database}\nWEBHOOK_ALLOW_PRIVATE_NETWORKS=1\n`);
    try {
      const workspace = await binWithRoot(root, ["workspace", "create", "--name", "Env files", "--json"]);
      expect(workspace.code, workspace.stdout + workspace.stderr).toBe(0);
      const hook = await binWithRoot(root, [
        "webhook",
        "create",
        "--workspace",
        "env-files",
        "--url",
        "http://127.0.0.1:9/hook",
        "--json",
      ]);
      expect(hook.code, hook.stdout + hook.stderr).toBe(0);
      expect(JSON.parse(hook.stdout)).toMatchObject({ url: "http://127.0.0.1:9/hook" });

      // Without the setting, the same private address is refused: the .env file is what allowed it.
      fs.writeFileSync(path.join(root, ".env"), `${database}\n`);
      const refused = await binWithRoot(root, [
        "webhook",
        "create",
        "--workspace",
        "env-files",
        "--url",
        "http://127.0.0.1:9/hook",
        "--json",
      ]);
      expect(refused.code).toBe(1);
      expect(JSON.parse(refused.stdout).error.code).toBe("webhook_url_forbidden");
    } finally {
      await drop();
    }
  }, 300_000);
});

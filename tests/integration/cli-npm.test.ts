import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { testDatabaseKind } from "../support/database";

const ROOT = path.join(import.meta.dirname, "../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "leadlink-npm-"));

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** `npm run cli -- ...` as a user types it, with the project's .npmrc, outside any npm script of ours. */
function npmRunCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir };
  // Started by `npm test`, this process carries npm's variables for the "test" script; a user's shell does not.
  for (const name of Object.keys(env)) if (name.startsWith("npm_")) delete env[name];
  return new Promise((resolve) => {
    execFile("npm", ["run", "cli", "--", ...args], { cwd: ROOT, env, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

// The npm configuration is the same whatever database the other tests use: run these once.
describe.runIf(testDatabaseKind === "embedded")("npm run cli", () => {
  it("keeps npm's own output (the banner, on stderr) and prints only the command's JSON on stdout", async () => {
    const result = await npmRunCli(["migrate", "--json"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain("> leadlink@");
    expect(JSON.parse(result.stdout)).toMatchObject({ alreadyApplied: 0 });
  }, 180_000);

  it("still prints exactly one JSON value on stdout when the command fails, and says why on stderr", async () => {
    const result = await npmRunCli(["lead", "list", "--workspace", "no-such-workspace", "--json"]);
    expect(result.code).not.toBe(0);
    expect(() => JSON.parse(result.stdout)).not.toThrow();
    expect(result.stderr).toContain("workspace_not_found");
  }, 180_000);
});

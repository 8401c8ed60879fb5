import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { testDatabaseKind } from "../support/database";

const ROOT = path.join(import.meta.dirname, "../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "leadlink-npm-"));

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm <args>` or `npx <args>` as a user types it, with the project's .npmrc, outside any npm script of ours. */
function run(command: "npm" | "npx", args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir };
  // Started by `npm test`, this process carries npm's variables for the "test" script; a user's shell does not.
  for (const name of Object.keys(env)) if (name.startsWith("npm_")) delete env[name];
  return new Promise((resolve) => {
    execFile(command, args, { cwd: ROOT, env, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

// The npm configuration is the same whatever database the other tests use: run these once.
describe.runIf(testDatabaseKind === "embedded")("the command line through npm", () => {
  it("leaves npm in its usual mode: the project's .npmrc does not turn on JSON output (npm install prints as usual)", async () => {
    const result = await run("npm", ["config", "get", "json"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe("false");
  }, 60_000);

  it("`npx leadlink … --json` prints only the command's JSON on stdout", async () => {
    const result = await run("npx", ["leadlink", "migrate", "--json"]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ alreadyApplied: expect.any(Number) });
  }, 180_000);

  it("`npx leadlink` prints exactly one JSON value on stdout when the command fails, with a non-zero status", async () => {
    const result = await run("npx", ["leadlink", "lead", "list", "--workspace", "no-such-workspace", "--json"]);
    expect(result.code).not.toBe(0);
    expect(JSON.parse(result.stdout).error.code).toBe("workspace_not_found");
  }, 180_000);

  it("`npm run cli` still runs the command, after npm's usual banner (`npm run -s cli` omits it)", async () => {
    const loud = await run("npm", ["run", "cli", "--", "migrate", "--json"]);
    expect(loud.code, loud.stderr).toBe(0);
    expect(loud.stdout).toContain("> leadlink@");
    expect(JSON.parse(loud.stdout.slice(loud.stdout.indexOf("{")))).toMatchObject({ alreadyApplied: expect.any(Number) });

    const quiet = await run("npm", ["run", "-s", "cli", "--", "migrate", "--json"]);
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(JSON.parse(quiet.stdout)).toMatchObject({ alreadyApplied: expect.any(Number) });
  }, 180_000);
});

// The webhook dispatcher's own process (lib/outbox/runner-process-main.ts) in embedded mode attaches to
// its server's engine and never opens the DATA_DIR itself: a server killed with kill -9 (here: no server at
// all) must not leave a dispatcher behind that took the DATA_DIR's lock, ran an engine of its own and kept
// the next server from starting.
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
});

function startDispatcher(dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "production" };
  delete env.DATABASE_URL;
  const child = fork(path.join(ROOT, "scripts/webhook-dispatcher.mjs"), [], { cwd: ROOT, env, stdio: "pipe" });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

it("exits without touching a DATA_DIR whose server is gone", { timeout: 60_000 }, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "leadlink-orphan-"));
  dirs.push(dataDir);
  const { child, exited, stderr } = startDispatcher(dataDir);
  const code = await Promise.race([exited, new Promise<"running">((resolve) => setTimeout(() => resolve("running"), 45_000))]);
  if (code === "running") child.kill("SIGKILL");
  expect(code).toBe(1);
  expect(stderr()).toContain(`no server runs the embedded database in ${dataDir}`);
  // It neither locked the directory nor started an engine in it.
  expect(fs.readdirSync(dataDir)).toEqual([]);
});

it("stops when its server went away before it finished loading", { timeout: 60_000 }, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "leadlink-orphan-"));
  dirs.push(dataDir);
  const { child, exited } = startDispatcher(dataDir);
  child.disconnect();
  const code = await Promise.race([exited, new Promise<"running">((resolve) => setTimeout(() => resolve("running"), 45_000))]);
  if (code === "running") child.kill("SIGKILL");
  expect(code).not.toBe("running");
  expect(fs.readdirSync(dataDir)).toEqual([]);
});

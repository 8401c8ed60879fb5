// scripts/parent-watchdog.mjs: a child whose JS thread is stuck, and so deaf to its IPC channel closing and to
// SIGTERM, still goes when its parent is killed with kill -9.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const PARENT = path.join(import.meta.dirname, "fixtures/stuck-child-parent.mjs");

/** Running, as opposed to gone or a zombie nobody reaped yet (PID 1 in a container may not reap). */
function running(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  for (const started = Date.now(); Date.now() - started < timeoutMs; ) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

it("kills a stuck child once its parent is gone", { timeout: 30_000 }, async () => {
  const parent = spawn(process.execPath, [PARENT], { stdio: ["ignore", "pipe", "inherit"] });
  const childPid = await new Promise<number>((resolve, reject) => {
    parent.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    parent.once("exit", () => reject(new Error("the parent exited before its child was stuck")));
  });
  try {
    // Stuck, yet still running while its parent lives.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(running(childPid)).toBe(true);

    parent.kill("SIGKILL");
    expect(await until(() => !running(childPid), 10_000)).toBe(true);
  } finally {
    parent.kill("SIGKILL");
    if (running(childPid)) process.kill(childPid, "SIGKILL");
  }
});

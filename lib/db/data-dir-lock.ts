import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { AppError } from "@/lib/errors";

const LOCK_FILE = "leadlink.pid";

interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(file: string): LockOwner | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as LockOwner;
  } catch {
    return undefined;
  }
}

/** Whether another live process on this machine holds `dataDir`'s lock (a server running its engine). */
export function dataDirHeldElsewhere(dataDir: string): boolean {
  const owner = readOwner(path.join(dataDir, LOCK_FILE));
  return !!owner && owner.pid !== process.pid && owner.host === os.hostname() && isRunning(owner.pid);
}

/**
 * Makes this process the only one using `dataDir`: PGlite is a single-process database and two
 * processes writing the same files would corrupt it. A lock left by a process that no longer runs
 * (killed, machine rebooted) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(me), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        if (readOwner(file)?.pid === process.pid) fs.rmSync(file, { force: true });
        process.off("exit", release);
      };
      process.on("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(file);
      const sameHost = !owner || owner.host === me.host;
      if (owner && owner.pid !== process.pid && (!sameHost || isRunning(owner.pid))) {
        throw new AppError(
          "data_dir_in_use",
          `The embedded database in ${dataDir} is in use by process ${owner.pid}` +
            `${sameHost ? "" : ` on ${owner.host}`} (since ${owner.startedAt}). ` +
            "Only one process can open it: stop that process, or set DATA_DIR to another directory, " +
            "or set DATABASE_URL to share a PostgreSQL database between processes.",
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new AppError("data_dir_in_use", `Could not lock ${dataDir}: another process keeps taking it.`);
}

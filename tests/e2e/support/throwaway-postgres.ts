import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/** Debian's PostgreSQL 15 server binaries (initdb, pg_ctl), which the shared test server also runs on. */
export const POSTGRES_BIN = "/usr/lib/postgresql/15/bin";

export type StopMode = "smart" | "fast" | "immediate";

/**
 * A PostgreSQL cluster that one test owns: its own data directory in a temporary directory and its own
 * port, so the test can stop and start the server under a running Leadlink without disturbing anyone.
 */
export interface ThrowawayPostgres {
  readonly port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication). */
  readonly url: string;
  /** The same database through the cluster's Unix socket, in its temporary directory. */
  readonly socketUrl: string;
  /** Asynchronous, so that the test's load keeps running while PostgreSQL starts or stops. */
  start(): Promise<void>;
  stop(mode: StopMode): Promise<void>;
  /**
   * Suspends the postmaster and every backend (SIGSTOP): connections stay open but nothing answers, as
   * when the database's host vanishes without closing its sockets (half-open connections).
   */
  freeze(): void;
  /** Kills every process of the cluster (SIGKILL), frozen or not: the host is gone; start() recovers. */
  kill(): Promise<void>;
  /** Stops the server if it runs and deletes everything. Safe to call more than once. */
  remove(): Promise<void>;
  /** The server's log, for failure messages. */
  log(): string;
}

export function postgresBinariesPresent(): boolean {
  return fs.existsSync(path.join(POSTGRES_BIN, "initdb")) && fs.existsSync(path.join(POSTGRES_BIN, "pg_ctl"));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** initdb and pg_ctl refuse to run as root: as root, run them as the postgres user. */
async function asPostgres(binary: string, args: string[]): Promise<void> {
  const command = path.join(POSTGRES_BIN, binary);
  const [file, argv] = process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  await promisify(execFile)(file, argv, { timeout: 120_000 });
}

function describeFailure(error: unknown): string {
  const { stderr, stdout, message } = error as { stderr?: Buffer; stdout?: Buffer; message?: string };
  return `${message ?? error}\n${stdout?.toString() ?? ""}${stderr?.toString() ?? ""}`;
}

function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

/**
 * Creates (initdb) and starts a cluster on a free port. Call remove() when done, also after a failure.
 * `settings` are passed as `-c name=value` after the defaults here (so `fsync: "on"` turns fsync back on).
 */
export async function createThrowawayPostgres(
  options: {
    settings?: Record<string, string>;
    /** A streaming replica of this running cluster (pg_basebackup -R) instead of a new one (DESIGN.md section 17). */
    replicaOf?: ThrowawayPostgres;
  } = {},
): Promise<ThrowawayPostgres> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "leadlink-pg-"));
  const dataDir = path.join(root, "data");
  const logFile = path.join(root, "postgres.log");
  let running = false;
  let removed = false;

  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    fs.chownSync(root, uid, gid);
  }
  const port = await freePort();
  const settings = Object.entries(options.settings ?? {})
    .map(([name, value]) => ` -c ${name}=${value}`)
    .join("");

  /** The postmaster (first line of postmaster.pid) and its children, the backends and auxiliary processes. */
  function clusterProcesses(): number[] {
    const postmaster = Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    // Children from /proc (field 4 of /proc/<pid>/stat is the parent), so no procps is needed.
    const children = fs
      .readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
          return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === postmaster;
        } catch {
          return false; // gone meanwhile
        }
      })
      .map(Number);
    return [postmaster, ...children];
  }

  const cluster: ThrowawayPostgres = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    socketUrl: `postgres://postgres@localhost:${port}/postgres?host=${encodeURIComponent(root)}`,
    async start() {
      try {
        // The socket directory is the temporary directory, so nothing is written to /var/run/postgresql.
        await asPostgres("pg_ctl", [
          "-D",
          dataDir,
          "-o",
          `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off${settings}`,
          "-l",
          logFile,
          "-w",
          "-t",
          "60",
          "start",
        ]);
        running = true;
      } catch (error) {
        throw new Error(`pg_ctl start failed: ${describeFailure(error)}\n${cluster.log()}`);
      }
    },
    async stop(mode) {
      try {
        await asPostgres("pg_ctl", ["-D", dataDir, "-m", mode, "-w", "-t", "60", "stop"]);
        running = false;
      } catch (error) {
        throw new Error(`pg_ctl stop -m ${mode} failed: ${describeFailure(error)}\n${cluster.log()}`);
      }
    },
    freeze() {
      for (const pid of clusterProcesses()) process.kill(pid, "SIGSTOP");
    },
    async kill() {
      const pids = clusterProcesses();
      for (const pid of pids) process.kill(pid, "SIGKILL");
      // Dead means gone or a zombie: in a container nobody may reap the postmaster, whose pid then still
      // "runs" for PostgreSQL's lock-file checks. As after a host's reboot, the stale lock files go.
      const deadline = Date.now() + 10_000;
      while (pids.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      for (const file of [
        path.join(dataDir, "postmaster.pid"),
        path.join(root, `.s.PGSQL.${port}.lock`),
        path.join(root, `.s.PGSQL.${port}`),
      ]) {
        fs.rmSync(file, { force: true });
      }
      running = false;
    },
    async remove() {
      if (removed) return;
      removed = true;
      // Also after a failed start, which may leave a postmaster behind; SIGKILL works on a frozen cluster too.
      if (running || fs.existsSync(path.join(dataDir, "postmaster.pid"))) {
        try {
          await cluster.kill();
        } catch {
          // Already gone: the directory is removed either way.
        }
      }
      fs.rmSync(root, { recursive: true, force: true });
    },
    log() {
      try {
        return fs.readFileSync(logFile, "utf8");
      } catch {
        return "(no PostgreSQL log)";
      }
    },
  };

  try {
    if (options.replicaOf) {
      // initdb's pg_hba.conf trusts local replication connections; -R writes standby.signal and primary_conninfo.
      const from = ["-h", "127.0.0.1", "-p", String(options.replicaOf.port), "-U", "postgres"];
      await asPostgres("pg_basebackup", [...from, "-D", dataDir, "-R", "-X", "stream", "--no-sync"]);
    } else {
      await asPostgres("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale=C"]);
    }
    await cluster.start();
    return cluster;
  } catch (error) {
    await cluster.remove();
    throw new Error(`Could not create a throwaway PostgreSQL cluster: ${describeFailure(error)}`);
  }
}

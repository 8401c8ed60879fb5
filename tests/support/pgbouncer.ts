import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** Debian's PgBouncer (apt-get install pgbouncer); `.ci/run` installs it. */
export const PGBOUNCER = ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"].find((file) => fs.existsSync(file));

export interface Bouncer {
  /** `url` with its host and port replaced by the pooler's. */
  through(url: string): string;
  /** What PgBouncer logged (its errors name the statements it refused). */
  log(): string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function listening(port: number, deadline: number): Promise<void> {
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`PgBouncer did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A real PgBouncer in front of the PostgreSQL server of `serverUrl` (trust authentication, every database),
 * in `mode` pooling, with fewer server connections than the app's pool so that transactions really move
 * between connections. PgBouncer refuses to run as root: it switches to the `postgres` user then.
 */
export async function startPgBouncer(serverUrl: string, mode: "transaction" | "session", poolSize = 4): Promise<Bouncer> {
  if (!PGBOUNCER) throw new Error("pgbouncer is not installed (apt-get install -y pgbouncer)");
  const server = new URL(serverUrl);
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "leadlink-pgbouncer-"));
  fs.chmodSync(dir, 0o755);
  const user = decodeURIComponent(server.username || "postgres");
  fs.writeFileSync(path.join(dir, "users.txt"), `"${user}" ""\n`, { mode: 0o644 });
  const logFile = path.join(dir, "pgbouncer.log");
  const root = process.getuid?.() === 0;
  if (root) {
    fs.writeFileSync(logFile, "", { mode: 0o666 });
    execFileSync("chown", ["postgres", logFile]);
  }
  fs.writeFileSync(
    path.join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      `* = host=${server.hostname} port=${server.port || 5432}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${path.join(dir, "users.txt")}`,
      // Its console (database "pgbouncer"): SHOW STATS counts the transactions and statements that went through.
      `admin_users = ${user}`,
      `pool_mode = ${mode}`,
      "max_client_conn = 500",
      `default_pool_size = ${poolSize}`,
      `logfile = ${logFile}`,
      ...(root ? ["user = postgres"] : []),
      "",
    ].join("\n"),
    { mode: 0o644 },
  );
  const child: ChildProcess = spawn(PGBOUNCER, [path.join(dir, "pgbouncer.ini")], { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await listening(port, Date.now() + 10_000);
  return {
    through(url) {
      const target = new URL(url);
      target.hostname = "127.0.0.1";
      target.port = String(port);
      return target.toString();
    },
    log: () => fs.readFileSync(logFile, "utf8"),
    async stop() {
      child.kill("SIGINT");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

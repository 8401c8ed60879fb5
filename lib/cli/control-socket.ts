import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * The embedded database belongs to one process. While the server owns it, `leadlink` commands are
 * sent to the server over a Unix socket in DATA_DIR (owner-only permissions) and run there, so the
 * command line keeps working next to a running server instead of failing on the lock.
 *
 * Protocol: the client writes one JSON line {"argv": [...]}; the server answers one JSON line
 * {"exitCode", "stdout", "stderr"} and closes the connection.
 */

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

export interface ForwardedResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

type RunCli = (argv: string[], io: CliIo) => Promise<number>;

// Unix socket paths are limited to ~107 bytes; a deep DATA_DIR gets a stable path in the temp dir instead.
export function controlSocketPath(dataDir: string): string {
  const inside = path.join(dataDir, "leadlink.sock");
  if (Buffer.byteLength(inside) < 100) return inside;
  const digest = createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 16);
  return path.join(os.tmpdir(), `leadlink-${digest}.sock`);
}

export async function serveControlSocket(dataDir: string, runCli: RunCli): Promise<{ close(): Promise<void> }> {
  const socketPath = controlSocketPath(dataDir);
  // The data-dir lock is held by this process, so a socket file left here is from a dead server.
  fs.rmSync(socketPath, { force: true });

  const server = net.createServer((connection) => {
    let buffer = "";
    connection.setEncoding("utf8");
    connection.on("data", async (chunk: string) => {
      buffer += chunk;
      const newline = buffer.indexOf("\n");
      if (newline < 0) return;
      connection.removeAllListeners("data");
      const result: ForwardedResult = { exitCode: 1, stdout: "", stderr: "" };
      try {
        const { argv } = JSON.parse(buffer.slice(0, newline)) as { argv: unknown };
        if (!Array.isArray(argv) || !argv.every((arg) => typeof arg === "string")) throw new Error("argv must be strings");
        result.exitCode = await runCli(argv, {
          stdout: (text) => void (result.stdout += text),
          stderr: (text) => void (result.stderr += text),
        });
      } catch (error) {
        result.stderr += `${(error as Error).message}\n`;
      }
      connection.end(`${JSON.stringify(result)}\n`);
    });
    connection.on("error", () => {});
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
  fs.chmodSync(socketPath, 0o600);

  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

/** Runs a command in the server that owns `dataDir`; undefined when no server listens there. */
export function forwardToServer(dataDir: string, argv: string[]): Promise<ForwardedResult | undefined> {
  const socketPath = controlSocketPath(dataDir);
  if (!fs.existsSync(socketPath)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(socketPath);
    let buffer = "";
    let connected = false;
    connection.setEncoding("utf8");
    connection.on("connect", () => {
      connected = true;
      connection.write(`${JSON.stringify({ argv })}\n`);
    });
    connection.on("data", (chunk: string) => (buffer += chunk));
    connection.on("end", () => {
      try {
        resolve(JSON.parse(buffer) as ForwardedResult);
      } catch {
        reject(new Error("The running Leadlink server gave an unreadable answer."));
      }
    });
    connection.on("error", (error: NodeJS.ErrnoException) => {
      // A socket file with nobody listening: the server is gone.
      if (!connected && (error.code === "ECONNREFUSED" || error.code === "ENOENT")) resolve(undefined);
      else reject(error);
    });
  });
}

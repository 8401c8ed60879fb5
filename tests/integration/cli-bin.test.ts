import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { createPostgresDatabase, testDatabaseKind, useTestDatabase } from "../support/database";

useTestDatabase();
const BIN = path.join(import.meta.dirname, "../../bin/leadlink.mjs");
const tempDirs: string[] = [];

afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "leadlink-bin-"));
  tempDirs.push(dir);
  return dir;
}

/** Runs the real bin in a child process, from another directory than the project's. */
function bin(argv: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...argv],
      { cwd: os.tmpdir(), env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

describe("the leadlink bin", () => {
  it(`opens the ${testDatabaseKind} database itself, migrates it, and prints exactly one JSON value`, async () => {
    let env: Record<string, string>;
    let drop = async () => {};
    if (testDatabaseKind === "postgres") {
      const created = await createPostgresDatabase();
      env = { DATABASE_URL: created.url, DATA_DIR: tempDir() };
      drop = created.drop;
    } else {
      env = { DATABASE_URL: "", DATA_DIR: tempDir() };
    }
    try {
      const first = await bin(["migrate", "--json"], env);
      expect(first.code, first.stderr).toBe(0);
      const migrations = fs
        .readdirSync(path.join(import.meta.dirname, "../../prisma/migrations"))
        .filter((name) => /^\d+_/.test(name))
        .sort();
      expect(JSON.parse(first.stdout)).toEqual({ applied: migrations, alreadyApplied: 0 });

      const again = await bin(["migrate", "--json"], env);
      expect(JSON.parse(again.stdout)).toEqual({ applied: [], alreadyApplied: migrations.length });

      const created = await bin(["workspace", "create", "--name", "From the bin", "--json"], env);
      expect(created.code, created.stderr).toBe(0);
      const body = JSON.parse(created.stdout);
      expect(Object.keys(body).sort()).toEqual(["id", "name", "slug"]);
      expect(body.slug).toBe("from-the-bin");

      const failed = await bin(["workspace", "create", "--name", "From the bin", "--json"], env);
      expect(failed.code).toBe(1);
      expect(JSON.parse(failed.stdout).error.code).toBe("slug_taken");

      if (testDatabaseKind === "embedded") {
        // The embedded database was closed and its lock released when the bin exited.
        expect(fs.existsSync(path.join(env.DATA_DIR!, "leadlink.pid"))).toBe(false);
        expect(fs.existsSync(path.join(env.DATA_DIR!, "pglite"))).toBe(true);
      }
    } finally {
      await drop();
    }
  }, 180_000);

  it("connects to the database engine of the server that owns the data directory", async () => {
    const dataDir = tempDir();
    // This test process plays the server: it owns the embedded database and runs its engine.
    const owner = await openDatabase({ kind: "embedded", dataDir });
    try {
      await migrate(owner);
      const result = await bin(["workspace", "create", "--name", "Attached", "--slug", "attached-ws", "--json"], {
        DATABASE_URL: "",
        DATA_DIR: dataDir,
      });
      expect(result.code, result.stderr).toBe(0);
      const body = JSON.parse(result.stdout);
      expect(body).toEqual({ id: expect.any(String), slug: "attached-ws", name: "Attached" });
      expect(await owner.prisma.workspace.findUnique({ where: { id: body.id } })).not.toBeNull();

      const failed = await bin(["lead", "list", "--workspace", "missing-ws", "--json"], { DATABASE_URL: "", DATA_DIR: dataDir });
      expect(failed.code).toBe(1);
      expect(JSON.parse(failed.stdout)).toEqual({ error: { code: "workspace_not_found", message: expect.any(String) } });

      const text = await bin(["lead", "list", "--workspace", "missing-ws"], { DATABASE_URL: "", DATA_DIR: dataDir });
      expect(text.code).toBe(1);
      expect(text.stdout).toBe("");
      expect(text.stderr).toContain('No workspace with the slug "missing-ws"');
    } finally {
      await owner.close();
    }
    // The owner gave the directory back: no lock, no socket.
    expect(fs.readdirSync(dataDir).sort()).toEqual(["pglite"]);
  }, 120_000);

  it("fails clearly when another process holds the embedded database and serves no commands", async () => {
    const dataDir = tempDir();
    // A live process (this one) owns the directory but runs no engine there: the command waits for an engine a
    // starting server would open (lib/db/client.ts, about 20 s), then says who holds the directory.
    fs.writeFileSync(
      path.join(dataDir, "leadlink.pid"),
      JSON.stringify({ pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() }),
    );
    const result = await bin(["lead", "list", "--workspace", "acme", "--json"], { DATABASE_URL: "", DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    const body = JSON.parse(result.stdout);
    expect(body.error.code).toBe("data_dir_in_use");
    expect(body.error.message).toContain(String(process.pid));
    expect(result.stdout).not.toContain("    at ");
  }, 90_000);
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { dumpEmbeddedDatabase, openDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";

/**
 * Creating a PGlite database runs initdb (seconds); doing it once and handing every test file a
 * migrated copy keeps the embedded suite fast.
 */
export default async function setup(project: TestProject) {
  const database = await openDatabase({ kind: "embedded", dataDir: null });
  await migrate(database);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "leadlink-test-")), "pglite.tar.gz");
  fs.writeFileSync(file, await dumpEmbeddedDatabase(database));
  await database.close();
  project.provide("pgliteSnapshot" as never, file as never);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

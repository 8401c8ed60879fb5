#!/usr/bin/env node
// Generates the Prisma client into lib/db/generated.
//
// Prisma's CLI fetches a schema-engine binary for every command, from a host that is not reachable
// everywhere (air-gapped servers, CI sandboxes). `prisma generate` never runs that engine, so any
// existing file satisfies the check; migrations are applied by lib/db/migrate.ts instead.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || process.execPath,
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
  CHECKPOINT_DISABLE: "1",
};
const result = spawnSync(process.execPath, [path.join(root, "node_modules/prisma/build/index.js"), "generate"], {
  cwd: root,
  env,
  stdio: ["ignore", "inherit", "inherit"],
});
process.exit(result.status ?? 1);

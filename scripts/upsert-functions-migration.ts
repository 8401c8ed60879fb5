// Writes the migration that creates (or replaces) ingest's statement functions from the statement the code builds
// now (lib/ingest/upsert-functions.ts): run it after changing lib/ingest/upsert-lead.ts or what it includes,
// when tests/integration/ingest-statement-functions.test.ts says the migrated functions differ.
//   npx tsx scripts/upsert-functions-migration.ts <timestamp>_<name>
import fs from "node:fs";
import path from "node:path";
import { upsertFunctions } from "@/lib/ingest/upsert-functions";

const name = process.argv[2];
if (!name || !/^\d{14}_[a-z0-9_]+$/.test(name)) {
  console.error("usage: npx tsx scripts/upsert-functions-migration.ts <yyyymmddhhmmss>_<name>");
  process.exit(2);
}
const header = [
  "-- Ingest's statement as PL/pgSQL functions, one per variant, for connections through a transaction pooler",
  "-- (DESIGN.md section 17; lib/ingest/upsert-functions.ts). Written by scripts/upsert-functions-migration.ts from",
  "-- the statement lib/ingest/upsert-lead.ts builds: change that, then write a new migration with the script.",
  "",
].join("\n");
const dir = path.join(process.cwd(), "prisma", "migrations", name);
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(
  path.join(dir, "migration.sql"),
  header +
    upsertFunctions()
      .map((fn) => fn.definition)
      .join("\n"),
);
console.log(`wrote ${path.join(dir, "migration.sql")}`);

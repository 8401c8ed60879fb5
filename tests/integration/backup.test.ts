// `leadlink backup`, `restore` and `db copy` (issue 10, item 3): on both databases, a backup restored
// into a wiped database gives back the same leads, submissions and settings; a copy of the embedded
// database into PostgreSQL gives the same leads there.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { type Database, openDatabase, statement, useDatabase } from "@/lib/db/client";
import { runJson } from "../support/cli-run";
import { createPostgresDatabase, testDatabaseKind, useTestDatabase } from "../support/database";
import { createField, createLink } from "../support/fixtures";
import { post } from "../support/ingest-client";
import { newTenant } from "../support/tenants";

const db = useTestDatabase();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "leadlink-backup-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const TABLES = [
  "workspaces",
  "users",
  "memberships",
  "capture_links",
  "capture_link_stats",
  "custom_fields",
  "leads",
  "submissions",
  "idempotency_keys",
];

/** Every row of every table, as PostgreSQL renders it, in a stable order. */
async function contents(database: Database): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = await database.sql<{ row: string }>(
      statement(`SELECT row_to_json(t)::text AS row FROM "${table}" t ORDER BY 1`),
    );
    result[table] = rows.map((row) => row.row);
  }
  return result;
}

let workspaceSlug = "";
let leadId = "";

beforeAll(async () => {
  const { workspace } = await newTenant("Backup");
  workspaceSlug = workspace.slug;
  // Settings worth keeping: a link with allowed origins, a rate limit and a honeypot; a select field.
  const link = await createLink(db.current, workspace.id, {
    allowedOrigins: ["https://site.example"],
    rateLimit: "30/min",
    honeypotField: "website",
  });
  await createField(db.current, workspace.id, { name: "plan", label: "Plan", type: "select", options: ["basic", "pro"] });
  const created = await post(
    link.token,
    {
      name: "Ana Souza",
      email: "ana@backup.example",
      telephone: "11987654321",
      utmSource: "google",
      customFields: { plan: "pro" },
    },
    { "Idempotency-Key": "backup-1" },
  );
  expect(created.status).toBe(201);
  leadId = created.json!.leadId as string;
  expect(
    (await post(link.token, { telephone: "+55 (11) 98765-4321", city: "Recife", address: { city: "Recife", zipCode: 50000 } }))
      .status,
  ).toBe(200);
  expect((await post(link.token, { email: "not-an-email" })).status).toBe(422);
  expect((await post(link.token, { name: "Bruno", email: "bruno@backup.example" })).status).toBe(201);
});

describe("leadlink backup and restore", () => {
  it("restores into a wiped database the same leads, submissions and settings", async () => {
    const before = await contents(db.current);
    expect(before.leads).toHaveLength(2);
    expect(before.submissions!.length).toBeGreaterThanOrEqual(4);
    const lead = await runJson("lead", "get", "--workspace", workspaceSlug, "--id", leadId);

    const file = path.join(dir, "leadlink.backup");
    const backup = await runJson("backup", "--to", file);
    expect(backup.code).toBe(0);
    expect(backup.body).toEqual({ file, tables: expect.any(Object), rows: expect.any(Number), migrations: expect.any(Number) });
    expect(backup.body.tables.leads).toBe(2);
    expect(backup.body.tables.submissions).toBe(before.submissions!.length);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);

    // A database that holds data is not overwritten unless asked.
    const refused = await runJson("restore", "--from", file);
    expect(refused.code).toBe(1);
    expect(refused.body.error.code).toBe("restore_target_not_empty");

    await db.current.exec(`TRUNCATE ${TABLES.map((table) => `"${table}"`).join(", ")} CASCADE`);
    invalidateCaptureLinks();
    expect((await contents(db.current)).leads).toEqual([]);

    const restored = await runJson("restore", "--from", file);
    expect(restored.code).toBe(0);
    expect(restored.body).toEqual({ ...backup.body, file });
    expect(await contents(db.current)).toEqual(before);
    expect(await runJson("lead", "get", "--workspace", workspaceSlug, "--id", leadId)).toEqual(lead);

    // --replace restores over what is there, in one transaction.
    const replaced = await runJson("restore", "--from", file, "--replace");
    expect(replaced.code).toBe(0);
    expect(await contents(db.current)).toEqual(before);
  });

  it("refuses a file that is not a whole backup, and changes nothing", async () => {
    const before = await contents(db.current);
    const file = path.join(dir, "whole.backup");
    expect((await runJson("backup", "--to", file)).code).toBe(0);
    const bytes = fs.readFileSync(file);
    const cut = path.join(dir, "cut.backup");
    // A gzip stream cut short: the last lines (and the row count) are missing.
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const truncated = await runJson("restore", "--from", cut, "--replace");
    expect(truncated.code).toBe(1);
    expect(truncated.body.error.code).toBe("backup_invalid");

    const foreign = path.join(dir, "foreign.backup");
    fs.writeFileSync(foreign, "name,email\nAna,ana@example.com\n");
    expect((await runJson("restore", "--from", foreign, "--replace")).body.error.code).toBe("backup_invalid");
    expect((await runJson("restore", "--from", path.join(dir, "missing.backup"))).body.error.code).toBe("backup_not_found");
    expect(await contents(db.current)).toEqual(before);
  });
});

describe.runIf(testDatabaseKind === "embedded" && process.env.TEST_DATABASE_URL)("leadlink db copy", () => {
  it("copies the embedded database into PostgreSQL, where server mode finds the same leads", async () => {
    const before = await contents(db.current);
    const lead = await runJson("lead", "get", "--workspace", workspaceSlug, "--id", leadId);
    const target = await createPostgresDatabase();
    try {
      const copied = await runJson("db", "copy", "--to", target.url);
      expect(copied.code).toBe(0);
      expect(copied.body.tables.leads).toBe(2);
      expect(await runJson("db", "copy", "--to", target.url)).toMatchObject({
        code: 1,
        body: { error: { code: "restore_target_not_empty" } },
      });

      const server = await openDatabase({ kind: "postgres", url: target.url, poolSize: 2 });
      try {
        expect(await contents(server)).toEqual(before);
        // The app on PostgreSQL (server mode) answers the same lead.
        useDatabase(server);
        invalidateCaptureLinks();
        expect(await runJson("lead", "get", "--workspace", workspaceSlug, "--id", leadId)).toEqual(lead);
      } finally {
        useDatabase(db.current);
        invalidateCaptureLinks();
        await server.close();
      }
    } finally {
      await target.drop();
    }
  });
});

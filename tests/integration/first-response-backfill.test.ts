// DESIGN.md section 16, speed to lead on an existing install: migration 20261128210000 adds leads.first_response_at and
// fills it from the history kept so far. Applied to a database migrated up to the migration before it, holding leads
// whose history mixes members' and API keys' status changes, a change back to `new`, and notes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, statement } from "@/lib/db/client";
import { migrate, migrationsDir } from "@/lib/db/migrate";
import { createPostgresDatabase, testDatabaseKind } from "../support/database";

const BACKFILL = "20261128210000_first_response";

let database: Database;
let drop: (() => Promise<void>) | undefined;
let before: string;

beforeAll(async () => {
  before = fs.mkdtempSync(path.join(os.tmpdir(), "leadlink-migrations-"));
  for (const name of fs.readdirSync(migrationsDir())) {
    const from = path.join(migrationsDir(), name);
    if (fs.statSync(from).isDirectory() && name < BACKFILL) fs.cpSync(from, path.join(before, name), { recursive: true });
  }
  if (testDatabaseKind === "postgres") {
    const created = await createPostgresDatabase();
    drop = created.drop;
    database = await openDatabase({ kind: "postgres", url: created.url, poolSize: 2 });
  } else {
    database = await openDatabase({ kind: "embedded", dataDir: null });
  }
  await migrate(database, before);
}, 120_000);

afterAll(async () => {
  await database?.close();
  await drop?.();
  fs.rmSync(before, { recursive: true, force: true });
});

const WORKSPACE = "00000000-0000-4000-8000-000000000001";
const MEMBER = "00000000-0000-4000-8000-000000000002";
const KEY = "00000000-0000-4000-8000-000000000003";
const lead = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, "0")}`;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute)).toISOString();

async function change(leadId: string, minute: number, to: string, actor: "member" | "key") {
  await database.sql(
    statement(
      `INSERT INTO lead_changes (id, workspace_id, lead_id, field, actor_user_id, actor_key_id, from_value, to_value, created_at)
       VALUES (gen_random_uuid(), $1::uuid, $2::uuid, 'status', $3::uuid, $4::uuid, '"new"'::jsonb, to_jsonb($5::text), $6::timestamptz)`,
      [WORKSPACE, leadId, actor === "member" ? MEMBER : null, actor === "key" ? KEY : null, to, at(minute)],
    ),
  );
}

async function note(leadId: string, minute: number) {
  await database.sql(
    statement(
      `INSERT INTO lead_notes (id, workspace_id, lead_id, author_id, body, created_at)
       VALUES (gen_random_uuid(), $1::uuid, $2::uuid, $3::uuid, 'Liguei, retorna amanhã', $4::timestamptz)`,
      [WORKSPACE, leadId, MEMBER, at(minute)],
    ),
  );
}

describe("first_response_at on an existing install", () => {
  it("is the earliest member status change away from `new` or note; API keys' changes and a change back to `new` are not responses", async () => {
    await database.sql(statement(`INSERT INTO workspaces (id, name, slug) VALUES ($1::uuid, 'Padaria', 'padaria')`, [WORKSPACE]));
    await database.sql(
      statement(`INSERT INTO users (id, email, password_hash) VALUES ($1::uuid, 'ana@padaria.test', 'x')`, [MEMBER]),
    );
    await database.sql(
      statement(
        `INSERT INTO api_keys (id, workspace_id, name, scope, token_hash, token_prefix) VALUES ($1::uuid, $2::uuid, 'Zap', 'write', 'x', 'll_x')`,
        [KEY, WORKSPACE],
      ),
    );
    for (let n = 1; n <= 5; n++) {
      await database.sql(statement(`INSERT INTO leads (id, workspace_id) VALUES ($1::uuid, $2::uuid)`, [lead(n), WORKSPACE]));
    }
    // 1: an API key's change first, then a member's change back to `new`, then a member's real response, then a note.
    await change(lead(1), 5, "contacted", "key");
    await change(lead(1), 10, "new", "member");
    await change(lead(1), 20, "contacted", "member");
    await note(lead(1), 30);
    // 2: only a note. 3: only an API key's change. 4: a member's change before a note. 5: nothing.
    await note(lead(2), 40);
    await change(lead(3), 15, "qualified", "key");
    await change(lead(4), 25, "qualified", "member");
    await note(lead(4), 35);

    const report = await migrate(database);
    expect(report.applied[0]).toBe(BACKFILL);

    const rows = await database.sql<{ id: string; first_response_at: Date | string | null }>(
      statement(`SELECT id, first_response_at FROM leads WHERE workspace_id = $1::uuid ORDER BY id`, [WORKSPACE]),
    );
    const firsts = Object.fromEntries(
      rows.map((row) => [row.id, row.first_response_at === null ? null : new Date(row.first_response_at).toISOString()]),
    );
    expect(firsts).toEqual({
      [lead(1)]: at(20),
      [lead(2)]: at(40),
      [lead(3)]: null,
      [lead(4)]: at(25),
      [lead(5)]: null,
    });
  });
});

import { describe, expect, it } from "vitest";
import { statement } from "@/lib/db/client";
import { maintainEmbeddedDatabase } from "@/lib/db/embedded-maintenance";
import { testDatabaseKind, useTestDatabase } from "../support/database";
import { createLink, createWorkspace } from "../support/fixtures";
import { post } from "../support/ingest-client";

// PGlite has no autovacuum: without this maintenance its tables are never analysed, and statements
// prepared once per process keep plans made without statistics.
describe.runIf(testDatabaseKind === "embedded")("embedded database maintenance", () => {
  const db = useTestDatabase();

  async function statistics(table: string) {
    const [row] = await db.current.sql<{ reltuples: number }>(
      statement("SELECT reltuples::float8 AS reltuples FROM pg_class WHERE relname = $1", [table]),
    );
    return row!.reltuples;
  }

  it("analyses the tables ingest writes, which nothing else does in embedded mode", async () => {
    const workspace = await createWorkspace(db.current);
    const link = await createLink(db.current, workspace.id);
    for (let i = 0; i < 5; i++)
      expect((await post(link.token, { name: `Lead ${i}`, email: `lead-${i}@maintenance.example` })).status).toBe(201);
    // Never analysed: PostgreSQL says so with -1.
    expect(await statistics("leads")).toBe(-1);
    expect(await statistics("submissions")).toBe(-1);

    await maintainEmbeddedDatabase(db.current);

    expect(await statistics("leads")).toBeGreaterThanOrEqual(5);
    expect(await statistics("submissions")).toBeGreaterThanOrEqual(5);
  });
});

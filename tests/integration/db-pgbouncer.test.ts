// DESIGN.md section 17, Poolers: DATABASE_URL may point at Debian's PgBouncer 1.18, which keeps no prepared
// statements in transaction mode. With DATABASE_POOLER=transaction, Leadlink names no statement and keeps no
// session state; migrations and backups use DATABASE_DIRECT_URL. Each pooling mode runs the same work through
// a real PgBouncer with fewer server connections than the app's pool (so transactions move between them):
// migrations, ingest one after another and at once, the outbox runner's claims and records on its own pool,
// the management API, retention and a backup. PostgreSQL only (the embedded engine has no pooler).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { backupDatabase } from "@/lib/db/backup";
import { type Database, openDatabase, statement, useDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { env, resetEnv } from "@/lib/env";
import { purgeExpiredData } from "@/lib/privacy/retention";
import { startDispatcher } from "@/lib/server/outbox";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { apiJson } from "../support/api-client";
import { createPostgresDatabase, testDatabaseKind } from "../support/database";
import { waitForEventsExpanded } from "../support/events";
import { postText, setupLink } from "../support/ingest-helpers";
import { type Bouncer, PGBOUNCER, startPgBouncer } from "../support/pgbouncer";
import { type Receiver, startReceiver } from "../support/webhook-receiver";

const saved = { ...process.env };
let receiver: Receiver;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";
  process.env.INGEST_RATE_LIMIT = "off";
  resetEnv();
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver?.close();
  for (const name of [
    "WEBHOOK_ALLOW_PRIVATE_NETWORKS",
    "INGEST_RATE_LIMIT",
    "DATABASE_URL",
    "DATABASE_POOLER",
    "DATABASE_DIRECT_URL",
  ]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetEnv();
});

const postgres = testDatabaseKind === "postgres";
if (postgres && !PGBOUNCER) throw new Error("the PostgreSQL tests need pgbouncer (apt-get install -y pgbouncer)");

describe.skipIf(!postgres)("through PgBouncer 1.18", () => {
  describe.each(["transaction", "session"] as const)("in %s pooling", (mode) => {
    let bouncer: Bouncer;
    let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
    let database: Database;

    beforeAll(async () => {
      created = await createPostgresDatabase();
      // Session pooling lends a server connection for a client's whole session: it needs as many as the app
      // keeps (its pool, the pipelined batch pool, the runner's). Transaction pooling shares a few.
      bouncer = await startPgBouncer(created.url, mode, mode === "session" ? 40 : 4);
      database = await openDatabase({
        kind: "postgres",
        url: bouncer.through(created.url),
        poolSize: 12,
        ...(mode === "transaction" ? { pooler: "transaction", directUrl: created.url } : {}),
      });
      // Two instances migrating at once take turns on the maintenance lock (a session lock: direct in transaction mode).
      await Promise.all([migrate(database), migrate(database)]);
      useDatabase(database);
    }, 120_000);

    afterAll(async () => {
      await database?.close();
      await bouncer?.stop();
      await created?.drop();
    });

    it("ingests one after another and all at once, delivers every webhook, answers the API, purges and backs up", async () => {
      const { workspace, token } = await setupLink(database);
      const endpoint = await createEndpoint(workspace.id, { url: receiver.url(`/${mode}`) });
      const runner = startDispatcher(database, { pollMs: 50 });
      try {
        // One after another: the same app connection's statements land on whichever server connection is free.
        const sequential: number[] = [];
        for (let index = 0; index < 120; index++) {
          const response = await postText(token, JSON.stringify({ email: `one-${index}@bouncer.example`, name: `One ${index}` }));
          sequential.push(response.status);
        }
        expect(sequential.filter((status) => status !== 201)).toEqual([]);
        // At once: group commit's pipelined batches and the single statements share the pooler's few connections.
        const concurrent = await Promise.all(
          Array.from({ length: 80 }, (_, index) =>
            postText(token, JSON.stringify({ email: `many-${index % 40}@bouncer.example` })).then((response) => response.status),
          ),
        );
        expect(concurrent.filter((status) => status !== 201 && status !== 200)).toEqual([]);
        expect(concurrent.filter((status) => status === 201)).toHaveLength(40);
        expect(await database.prisma.lead.count({ where: { workspaceId: workspace.id } })).toBe(160);

        // The outbox runner claims and records on its own pool, through the pooler too.
        // The runner turns the 200 events into the endpoint's messages (through the pooler too).
        await waitForEventsExpanded(database, workspace.id);
        const messages = await database.prisma.webhookMessage.count({ where: { endpointId: endpoint.id } });
        expect(messages).toBe(200);
        await receiver.waitFor(`/${mode}`, messages, 60_000);
        const deadline = Date.now() + 30_000;
        while (
          (await database.prisma.webhookMessage.count({ where: { endpointId: endpoint.id, state: "delivered" } })) < messages
        ) {
          if (Date.now() > deadline) throw new Error("not every message was recorded as delivered");
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(new Set(receiver.to(`/${mode}`).map((request) => request.headers["webhook-id"])).size).toBe(messages);

        // The management API (Prisma's queries, unnamed through a transaction pooler).
        const key = await createApiKey(workspace.id, { name: "Bouncer", scope: "read" });
        const page = await apiJson("/api/v1/leads?limit=100", { key: key.token });
        expect(page.status).toBe(200);
        expect(page.body.data).toHaveLength(100);

        // Retention's batches, and a backup on a session of its own (direct in transaction mode).
        await purgeExpiredData(database);
        const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "leadlink-bouncer-backup-")), "backup.jsonl");
        const summary = await backupDatabase(database, file);
        expect(summary.tables.leads).toBe(160);
        fs.rmSync(path.dirname(file), { recursive: true, force: true });

        // Every connection works in UTC, the time zone carried as a startup parameter the pooler keeps.
        const zones = await Promise.all(
          Array.from({ length: 8 }, () =>
            database.sql<{ zone: string }>(statement("SELECT current_setting('TimeZone') AS zone")),
          ),
        );
        expect(new Set(zones.map(([row]) => row!.zone))).toEqual(new Set(["UTC"]));
      } finally {
        await runner.stop();
      }
      expect(bouncer.log()).not.toMatch(/prepared statement|unsupported startup parameter/i);
    }, 240_000);
  });

  it("DATABASE_POOLER=transaction without DATABASE_DIRECT_URL is refused at start, naming what to set", () => {
    process.env.DATABASE_URL = "postgres://postgres@127.0.0.1:6432/leadlink";
    process.env.DATABASE_POOLER = "transaction";
    delete process.env.DATABASE_DIRECT_URL;
    resetEnv();
    expect(() => env()).toThrow(/DATABASE_DIRECT_URL.*DATABASE_POOLER=transaction needs DATABASE_DIRECT_URL/s);
    process.env.DATABASE_DIRECT_URL = "postgres://postgres@127.0.0.1:5432/leadlink";
    resetEnv();
    expect(env()).toMatchObject({
      DATABASE_POOLER: "transaction",
      DATABASE_DIRECT_URL: "postgres://postgres@127.0.0.1:5432/leadlink",
    });
    delete process.env.DATABASE_URL;
    delete process.env.DATABASE_POOLER;
    delete process.env.DATABASE_DIRECT_URL;
    resetEnv();
  });
});

// DESIGN.md section 17, Replica: with DATABASE_REPLICA_URL naming a real streaming replica (pg_basebackup -R of a
// throwaway cluster), the admin's heavy reads go to it; when it lags more than DATABASE_REPLICA_MAX_LAG or is
// down they go to the primary; a member who just wrote reads the primary; /api/health reports its state and lag.
// Which server answered is proved by what it can see: with the replica's replay paused, a lead written on the
// primary is absent from a replica read and present in a primary read. PostgreSQL only.

import { cookies } from "next/headers";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { authorizeWorkspace } from "@/lib/auth/session";
import { closeDatabase, type Database, openDatabase, useDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { closeReplica, getReadDatabase, onReadsOwnWrites } from "@/lib/db/replica";
import { resetEnv } from "@/lib/env";
import { listLeadPage } from "@/lib/leads/list-leads";
import { listLinkSubmissions } from "@/lib/links/list-link-submissions";
import { createThrowawayPostgres, type ThrowawayPostgres } from "../e2e/support/throwaway-postgres";
import { testDatabaseKind } from "../support/database";
import { post } from "../support/ingest-client";
import { setupLink, uniqueEmail } from "../support/ingest-helpers";
import { callAction } from "../support/server-action";
import { newTenant } from "../support/tenants";

const SETTINGS = ["DATABASE_URL", "DATABASE_REPLICA_URL", "DATABASE_REPLICA_MAX_LAG", "INGEST_RATE_LIMIT"] as const;
const saved = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await sleep(200);
  }
}

async function replicaHealth(): Promise<{ state: string; lagSeconds: number | null }> {
  const body = (await (await health()).json()) as { replica: { state: string; lagSeconds: number | null } };
  return body.replica;
}

describe.skipIf(testDatabaseKind !== "postgres")("reads on a streaming replica", () => {
  let primary: ThrowawayPostgres;
  let replica: ThrowawayPostgres;
  let database: Database;
  let replicaClient: pg.Client;

  beforeAll(async () => {
    primary = await createThrowawayPostgres();
    replica = await createThrowawayPostgres({ replicaOf: primary });
    process.env.DATABASE_URL = primary.url;
    process.env.DATABASE_REPLICA_URL = replica.url;
    process.env.DATABASE_REPLICA_MAX_LAG = "30";
    process.env.INGEST_RATE_LIMIT = "off";
    resetEnv();
    database = await openDatabase({ kind: "postgres", url: primary.url });
    await migrate(database);
    useDatabase(database);
    replicaClient = new pg.Client({ connectionString: replica.url });
    await replicaClient.connect();
  }, 180_000);

  afterAll(async () => {
    await replicaClient?.end().catch(() => {});
    await closeReplica().catch(() => {});
    await closeDatabase().catch(() => {});
    await replica?.remove();
    await primary?.remove();
    for (const name of SETTINGS) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    resetEnv();
  });

  it("marks a member who acts as reading the primary, for as long as the replica may lag", async () => {
    const { owner, workspace } = await newTenant("Replica");
    await until(async () => (await getReadDatabase()) !== database, Boolean, "reads on the replica");
    const marked = await callAction(owner, async () => {
      const before = { marked: (await cookies()).has("leadlink-recent-write"), primary: (await getReadDatabase()) === database };
      await authorizeWorkspace(workspace.slug);
      const after = (await cookies()).get("leadlink-recent-write");
      // The hook lib/auth registers reads the same cookie: this member's heavy reads go to the primary.
      return { before, after: after?.value, primary: (await getReadDatabase()) === database };
    });
    expect(marked).toEqual({ before: { marked: false, primary: false }, after: "1", primary: true });
  });

  it("reads the replica while it keeps up, the primary when it lags or is down", async () => {
    const { workspace, link, token } = await setupLink(database);
    const first = uniqueEmail("replica");
    expect((await post(token, { email: first })).status).toBe(201);

    // The replica catches up, answers the leads page, and says so in /api/health.
    const emails = async () => (await listLeadPage(workspace.id, {})).leads.map((lead) => lead.email);
    await until(emails, (seen) => seen.includes(first), "the first lead on the replica");
    const reader = await getReadDatabase();
    expect(reader).not.toBe(database);
    expect(
      (await reader.sql<{ standby: boolean }>({ text: "SELECT pg_is_in_recovery() AS standby", values: [] }))[0]!.standby,
    ).toBe(true);
    expect(await replicaHealth()).toMatchObject({ state: "ok" });

    // Replay paused: a lead written now exists on the primary only, and the heavy reads do not see it yet.
    await replicaClient.query("SELECT pg_wal_replay_pause()");
    const second = uniqueEmail("replica");
    expect((await post(token, { email: second })).status).toBe(201);
    await sleep(1_200);
    expect(await emails()).not.toContain(second);
    const log = await listLinkSubmissions(workspace.id, link.id, {});
    expect(log.submissions).toHaveLength(1);

    // A member who has just written reads the primary.
    onReadsOwnWrites(async () => true);
    expect(await emails()).toContain(second);
    onReadsOwnWrites(async () => false);
    expect(await emails()).not.toContain(second);

    // Past the allowed lag, reads go back to the primary; health says the replica lags.
    process.env.DATABASE_REPLICA_MAX_LAG = "1";
    resetEnv();
    const lagging = await until(replicaHealth, (state) => state.state === "lagging", "the replica to count as lagging");
    expect(lagging.lagSeconds).toBeGreaterThan(1);
    expect(await emails()).toContain(second);

    // Replay resumed: back on the replica, which now has the lead too.
    await replicaClient.query("SELECT pg_wal_replay_resume()");
    await until(replicaHealth, (state) => state.state === "ok", "the replica to catch up");
    expect(await getReadDatabase()).not.toBe(database);
    expect(await emails()).toContain(second);

    // The replica stopped: reads go to the primary, health reports it down and the instance stays ready.
    await replicaClient.end();
    await replica.stop("immediate");
    await until(replicaHealth, (state) => state.state === "down", "the replica to count as down");
    expect((await health()).status).toBe(200);
    expect(await getReadDatabase()).toBe(database);
    expect(await emails()).toEqual(expect.arrayContaining([first, second]));
  }, 120_000);
});

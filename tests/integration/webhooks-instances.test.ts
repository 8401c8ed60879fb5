// DESIGN.md section 7, Dispatch: any number of instances dispatch together and each attempt is made by exactly
// one of them. Two dispatchers, each on its own connection pool to the same database (on PostgreSQL, two pools
// as two server processes would have), share 1,000 leads' messages: every one arrives exactly once.
import { afterAll, beforeAll, expect, it } from "vitest";
import { claimMessages } from "@/lib/channels/webhook/claim-messages";
import { type Database, openDatabase } from "@/lib/db/client";
import { resetEnv } from "@/lib/env";
import { startDispatcher } from "@/lib/server/outbox";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { testDatabaseKind, useTestDatabase } from "../support/database";
import { expandWaitingEvents } from "../support/events";
import { postText, setupLink } from "../support/ingest-helpers";
import { type Receiver, startReceiver } from "../support/webhook-receiver";

const db = useTestDatabase();
let receiver: Receiver;
let second: Database | undefined;
const allowBefore = process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";
  process.env.INGEST_RATE_LIMIT = "off";
  resetEnv();
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver?.close();
  await second?.close();
  if (allowBefore === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  else process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = allowBefore;
  delete process.env.INGEST_RATE_LIMIT;
  resetEnv();
});

it("two dispatchers deliver 1,000 leads' messages, each exactly once", async () => {
  const { workspace, token } = await setupLink(db.current);
  const endpoint = await createEndpoint(workspace.id, { url: receiver.url("/shared") });
  // The embedded engine has one owner process: both dispatchers then share its pool.
  const connection = db.current.connection as { connectionString?: string };
  second =
    testDatabaseKind === "postgres" && connection.connectionString
      ? await openDatabase({ kind: "postgres", url: connection.connectionString, poolSize: 4 })
      : undefined;
  const one = startDispatcher(db.current, { pollMs: 20 });
  const two = startDispatcher(second ?? db.current, { pollMs: 20 });
  try {
    for (let batch = 0; batch < 20; batch++) {
      await Promise.all(
        Array.from({ length: 50 }, async (_, index) => {
          const response = await postText(token, JSON.stringify({ email: `lead-${batch}-${index}@instances.example` }));
          expect(response.status).toBe(201);
        }),
      );
    }
    await receiver.waitFor("/shared", 1_000, 120_000);
    // Settle: nothing more arrives once all are delivered.
    const deadline = Date.now() + 60_000;
    while ((await db.current.prisma.webhookMessage.count({ where: { endpointId: endpoint.id, state: "delivered" } })) < 1_000) {
      if (Date.now() > deadline) throw new Error("not every message was marked delivered");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const requests = receiver.to("/shared");
    const failed = await db.current.prisma.webhookAttempt.findMany({ where: { endpointId: endpoint.id, succeeded: false } });
    expect(failed, "failed attempts").toEqual([]);
    expect(requests.length).toBe(1_000);
    expect(new Set(requests.map((request) => request.headers["webhook-id"])).size).toBe(1_000);
    const attempts = await db.current.prisma.webhookAttempt.count({ where: { endpointId: endpoint.id } });
    expect(attempts).toBe(1_000);
  } finally {
    await one.stop();
    await two.stop();
  }
});

it("takes over the claims of an instance that died mid-dispatch once their lease expires", async () => {
  const { workspace, token } = await setupLink(db.current);
  const endpoint = await createEndpoint(workspace.id, { url: receiver.url("/taken-over") });
  for (let index = 0; index < 20; index++) {
    const response = await postText(token, JSON.stringify({ email: `orphan-${index}@instances.example` }));
    expect(response.status).toBe(201);
  }
  // An instance expands their events, claims the messages and dies before any attempt (no dispatcher runs in
  // this process meanwhile).
  await expandWaitingEvents(db.current);
  const claimed = await claimMessages(db.current, "dead-instance", 100, 1_000);
  expect(claimed.filter((message) => message.endpoint_id === endpoint.id)).toHaveLength(20);
  const survivor = startDispatcher(db.current, { pollMs: 50 });
  try {
    await receiver.waitFor("/taken-over", 20, 60_000);
    const deadline = Date.now() + 30_000;
    while ((await db.current.prisma.webhookMessage.count({ where: { endpointId: endpoint.id, state: "delivered" } })) < 20) {
      if (Date.now() > deadline) throw new Error("not every message was marked delivered");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(new Set(receiver.to("/taken-over").map((request) => request.headers["webhook-id"])).size).toBe(20);
    expect(receiver.to("/taken-over")).toHaveLength(20);
  } finally {
    await survivor.stop();
  }
});

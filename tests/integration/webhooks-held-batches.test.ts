// PostgreSQL with OUTBOX_HOLD=on (here the runner's `hold` option): the runner holds the events it expands in a transaction while their webhook messages are sent,
// and writes each message once, as its attempt ended (lib/outbox/hold-events.ts). A delivered message is
// one row, delivered, with its attempt; one still in flight when the batch closes is written pending and
// claimed, then recorded as any other; a batch whose transaction dies leaves its events, delivered again under
// the same webhook-id. The embedded database queues every message (the other suites cover both).
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { statement } from "@/lib/db/client";
import { resetEnv } from "@/lib/env";
import { type Dispatcher, startDispatcher } from "@/lib/server/outbox";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { testDatabaseKind, useTestDatabase } from "../support/database";
import { postText, setupLink, uniqueEmail } from "../support/ingest-helpers";
import { type Receiver, startReceiver } from "../support/webhook-receiver";

const db = useTestDatabase();
const saved = process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
const dispatchers: Dispatcher[] = [];
const receivers: Receiver[] = [];

beforeAll(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";
  resetEnv();
});

afterEach(async () => {
  for (const dispatcher of dispatchers.splice(0)) await dispatcher.stop();
  for (const receiver of receivers.splice(0)) await receiver.close();
});

afterAll(() => {
  if (saved === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  else process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = saved;
  resetEnv();
});

async function setup(delayMs = 0) {
  const receiver = await startReceiver({ delayMs });
  receivers.push(receiver);
  const { workspace, token } = await setupLink(db.current);
  const endpoint = await createEndpoint(workspace.id, { url: receiver.url("/hook") });
  return { receiver, workspace, token, endpoint };
}

async function post(token: string) {
  const response = await postText(token, JSON.stringify({ email: uniqueEmail(), name: "Ana Souza" }));
  expect(response.status).toBeLessThan(300);
  return ((await response.json()) as { leadId: string }).leadId;
}

function messagesOf(endpointId: string) {
  return db.current.prisma.webhookMessage.findMany({ where: { endpointId }, include: { attempts: true } });
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(value)}`);
    await sleep(25);
  }
}

/** The webhook-id a message of `eventId` to `endpointId` has (lib/channels/webhook/expand-webhooks.ts). */
async function derivedId(eventId: string, endpointId: string): Promise<string> {
  const [row] = await db.current.sql<{ id: string }>(
    statement(
      `SELECT overlay(overlay(md5($1::uuid::text || $2::uuid::text) placing '4' from 13) placing '8' from 17)::uuid AS id`,
      [eventId, endpointId],
    ),
  );
  return row!.id;
}

describe.runIf(testDatabaseKind === "postgres")("held batches", () => {
  it("writes a delivered message once: delivered, with its attempt, under an id derived from its event", async () => {
    const { receiver, token, endpoint } = await setup();
    dispatchers.push(startDispatcher(db.current, { pollMs: 50, hold: true }));
    const leadId = await post(token);
    const [request] = await receiver.waitFor("/hook", 1);
    const [message] = await until(
      () => messagesOf(endpoint.id),
      (messages) => messages[0]?.state === "delivered",
      "messages",
    );
    expect(message).toMatchObject({ leadId, state: "delivered", attemptCount: 1, leadSnapshot: null, leaseOwner: null });
    expect(message!.body).toBe(request!.body);
    expect(message!.attempts).toHaveLength(1);
    expect(message!.attempts[0]).toMatchObject({ succeeded: true, status: 200 });
    expect(request!.headers["webhook-id"]).toBe(`msg_${message!.id.replaceAll("-", "")}`);
    expect(message!.id).toBe(await derivedId(message!.eventId!, endpoint.id));
    expect(message!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const [events] = await db.current.sql<{ n: number }>(
      statement(`SELECT count(*)::int AS n FROM events WHERE lead_id = $1::uuid`, [leadId]),
    );
    expect(events!.n).toBe(0);
  });

  it("writes a message still in flight when the batch closes as pending and claimed, then records it delivered", async () => {
    const { receiver, token, endpoint } = await setup(1_500);
    dispatchers.push(startDispatcher(db.current, { pollMs: 50, hold: true, holdMs: 200 }));
    await post(token);
    // The batch closed after 200 ms: the message is there, claimed, not yet attempted.
    const [pending] = await until(
      () => messagesOf(endpoint.id),
      (messages) => messages.length === 1,
      "messages",
    );
    expect(pending).toMatchObject({ state: "pending", attemptCount: 0 });
    expect(pending!.leaseOwner).not.toBeNull();
    expect(pending!.leadSnapshot).not.toBeNull();
    const [delivered] = await until(
      () => messagesOf(endpoint.id),
      (messages) => messages[0]?.state === "delivered",
      "messages",
    );
    expect(delivered).toMatchObject({ attemptCount: 1, leaseOwner: null });
    expect(delivered!.attempts).toHaveLength(1);
    const requests = await receiver.waitFor("/hook", 1);
    expect(requests).toHaveLength(1);
    expect(delivered!.body).toBe(requests[0]!.body);
  });

  it("leaves the events of a batch whose transaction died; they are sent again, same id and bytes", async () => {
    const { receiver, token, endpoint } = await setup(800);
    dispatchers.push(startDispatcher(db.current, { pollMs: 50, hold: true, holdMs: 5_000 }));
    await post(token);
    // The batch holds its event while the receiver takes its time: its connection goes away meanwhile.
    const holder = await until(
      () =>
        db.current.sql<{ pid: number }>(
          statement(
            `SELECT l.pid FROM pg_locks l JOIN pg_class c ON c.oid = l.relation JOIN pg_stat_activity a ON a.pid = l.pid
             WHERE c.relname = 'events' AND l.mode = 'RowShareLock' AND l.granted AND a.state = 'idle in transaction'
               -- This test's database only: the suites running beside it hold batches in theirs.
               AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          ),
        ),
      (rows) => rows.length > 0,
      "holder",
    );
    await db.current.sql(statement(`SELECT pg_terminate_backend($1::int)`, [holder[0]!.pid]));
    const requests = await receiver.waitFor("/hook", 2);
    expect(requests[1]!.headers["webhook-id"]).toBe(requests[0]!.headers["webhook-id"]);
    expect(requests[1]!.body).toBe(requests[0]!.body);
    const messages = await until(
      () => messagesOf(endpoint.id),
      (rows) => rows[0]?.state === "delivered",
      "messages",
    );
    expect(messages).toHaveLength(1);
    expect(`msg_${messages[0]!.id.replaceAll("-", "")}`).toBe(requests[0]!.headers["webhook-id"]);
  });
});

// DESIGN.md section 14: one runner claims, leases, retries and records for every channel, and knows none of
// them. Here the runner delivers through channels it has never heard of, defined below against the contract of
// lib/outbox/channel.ts: a queue table of the test's own (created here, not part of the schema) whose items are
// posted to a real HTTP receiver, with the same lease and retry rules as the product's channels.
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { type Database, statement } from "@/lib/db/client";
import { resetEnv } from "@/lib/env";
import type { Channel, DeliveryContext, OutboxItem } from "@/lib/outbox/channel";
import { nextRetryDelay } from "@/lib/outbox/retry-schedule";
import { type Runner, startRunner } from "@/lib/outbox/runner";
import { wakeOutbox } from "@/lib/outbox/wake";
import { testDatabaseKind, useTestDatabase } from "../support/database";
import { type Receiver, startReceiver } from "../support/webhook-receiver";

const db = useTestDatabase();
let receiver: Receiver;
const scheduleBefore = process.env.WEBHOOK_RETRY_SCHEDULE;
const runners: Runner[] = [];

beforeAll(async () => {
  // Two retries, quickly: the third failed attempt fails the item for good.
  process.env.WEBHOOK_RETRY_SCHEDULE = "300ms,300ms";
  resetEnv();
  receiver = await startReceiver();
  await db.current.sql(
    statement(
      `CREATE TABLE probe_outbox (
        id serial PRIMARY KEY,
        channel text NOT NULL,
        state text NOT NULL DEFAULT 'pending',
        attempt_count integer NOT NULL DEFAULT 0,
        last_error text,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        lease_owner text,
        lease_expires_at timestamptz
      )`,
    ),
  );
});

afterEach(async () => {
  for (const runner of runners.splice(0)) await runner.stop();
  await db.current.sql(statement("DELETE FROM probe_outbox"));
  receiver.requests.splice(0);
  receiver.answer(() => ({ status: 200, body: "ok" }));
});

afterAll(async () => {
  await receiver?.close();
  if (scheduleBefore === undefined) delete process.env.WEBHOOK_RETRY_SCHEDULE;
  else process.env.WEBHOOK_RETRY_SCHEDULE = scheduleBefore;
  resetEnv();
});

interface ProbeItem extends OutboxItem {
  readonly id: number;
  readonly attemptCount: number;
}

interface ProbeRow {
  id: number;
  channel: string;
  state: string;
  attempt_count: number;
  last_error: string | null;
  next_attempt_at: Date;
  lease_owner: string | null;
}

/** What a probe channel saw, for the assertions. */
interface Journal {
  claims: { limit: number; claimed: number }[];
  events: string[];
  ticks: Date[];
  inFlight: number;
  maxInFlight: number;
}

/** Shared by the channels of one test: deliveries in flight across all of them. */
function journal(): Journal {
  return { claims: [], events: [], ticks: [], inFlight: 0, maxInFlight: 0 };
}

/**
 * A channel of rows of probe_outbox whose `channel` is `name`: claimed with a lease (`FOR UPDATE SKIP
 * LOCKED`), delivered as a POST to /<name>/<id>, recorded only while the lease is held. `holdMs` keeps each
 * delivery in flight a while; `hang` keeps it until the runner aborts it.
 */
function probeChannel(
  name: string,
  seen: Journal,
  options: { holdMs?: number; hang?: boolean; tick?: boolean } = {},
): Channel<ProbeItem> {
  const channel: Channel<ProbeItem> = {
    name,
    async claim(database, owner, limit, leaseMs) {
      const rows = await database.sql<{ id: number; attempt_count: number }>(
        statement(
          `UPDATE probe_outbox p SET lease_owner = $1, lease_expires_at = now() + make_interval(secs => $3::double precision / 1000)
           FROM (
             SELECT c.id FROM probe_outbox c
             WHERE c.channel = $4 AND c.state = 'pending' AND c.next_attempt_at <= now()
               AND (c.lease_expires_at IS NULL OR c.lease_expires_at < now())
             ORDER BY c.id LIMIT $2 FOR UPDATE OF c SKIP LOCKED
           ) d
           WHERE p.id = d.id
           RETURNING p.id, p.attempt_count`,
          [owner, limit, leaseMs, name],
        ),
      );
      seen.claims.push({ limit, claimed: rows.length });
      return rows.map((row) => ({ key: `${name}:${row.id}`, id: row.id, attemptCount: row.attempt_count }));
    },
    async deliver(database: Database, item: ProbeItem, context: DeliveryContext) {
      seen.inFlight++;
      seen.maxInFlight = Math.max(seen.maxInFlight, seen.inFlight);
      let error: string | undefined;
      try {
        if (options.hang) await new Promise((resolve) => context.signal.addEventListener("abort", resolve, { once: true }));
        if (options.holdMs) await sleep(options.holdMs);
        if (context.signal.aborted) return; // given back by the runner, not recorded
        const response = await fetch(receiver.url(`/${name}/${item.id}`), { method: "POST", signal: context.signal });
        if (!response.ok) error = `HTTP ${response.status}`;
      } catch (caught) {
        if (context.signal.aborted) return;
        error = caught instanceof Error ? caught.message : String(caught);
      } finally {
        seen.inFlight--;
      }
      const retryInMs = error === undefined ? undefined : nextRetryDelay(item.attemptCount + 1, undefined);
      const state = error === undefined ? "delivered" : retryInMs === undefined ? "failed" : "pending";
      await database.sql(
        statement(
          `UPDATE probe_outbox SET state = $3, attempt_count = attempt_count + 1, last_error = $4,
             next_attempt_at = CASE WHEN $5::double precision IS NULL THEN next_attempt_at
               ELSE now() + make_interval(secs => $5::double precision / 1000) END,
             lease_owner = NULL, lease_expires_at = NULL
           WHERE id = $1 AND lease_owner = $2`,
          [item.id, context.owner, state, error ?? null, retryInMs ?? null],
        ),
      );
    },
    async release(database, owner) {
      seen.events.push(`${name}:release`);
      await database.sql(
        statement(
          `UPDATE probe_outbox SET lease_owner = NULL, lease_expires_at = NULL WHERE channel = $1 AND lease_owner = $2 AND state = 'pending'`,
          [name, owner],
        ),
      );
    },
    async releaseAll(database) {
      seen.events.push(`${name}:releaseAll`);
      await database.sql(
        statement(
          `UPDATE probe_outbox SET lease_owner = NULL, lease_expires_at = NULL WHERE channel = $1 AND lease_owner IS NOT NULL AND state = 'pending'`,
          [name],
        ),
      );
    },
    async flush() {
      seen.events.push(`${name}:flush`);
    },
  };
  if (options.tick) channel.tick = async (_database, now) => void seen.ticks.push(now);
  return channel;
}

async function enqueue(channel: string, count: number): Promise<number[]> {
  const rows = await db.current.sql<{ id: number }>(
    statement(`INSERT INTO probe_outbox (channel) SELECT $1 FROM generate_series(1, $2::integer) RETURNING id`, [channel, count]),
  );
  return rows.map((row) => row.id);
}

async function rows(channel: string): Promise<ProbeRow[]> {
  return db.current.sql<ProbeRow>(statement(`SELECT * FROM probe_outbox WHERE channel = $1 ORDER BY id`, [channel]));
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

function run(channels: Channel<ProbeItem>[], options: Parameters<typeof startRunner>[2] = {}): Runner {
  const runner = startRunner(db.current, channels as Channel[], options);
  runners.push(runner);
  return runner;
}

it("claims in batches up to its free slots and delivers every item once", async () => {
  const seen = journal();
  const ids = await enqueue("alpha", 30);
  run([probeChannel("alpha", seen, { holdMs: 10, tick: true })], { concurrency: 8, pollMs: 20 });
  await receiver.waitFor(`/alpha/${ids.at(-1)}`, 1);
  await until(async () => (await rows("alpha")).every((row) => row.state === "delivered"), "every item recorded");
  const paths = receiver.requests.map((request) => request.path).sort();
  expect(paths).toEqual(ids.map((id) => `/alpha/${id}`).sort());
  // Batches: never more than the free slots, the first one full, far fewer claims that found work than items.
  expect(seen.claims[0]).toEqual({ limit: 8, claimed: 8 });
  expect(seen.claims.every((claim) => claim.claimed <= claim.limit && claim.limit <= 8)).toBe(true);
  expect(seen.claims.filter((claim) => claim.claimed > 0).length).toBeLessThan(30 / 2);
  expect(seen.maxInFlight).toBeLessThanOrEqual(8);
  expect(seen.ticks.length).toBeGreaterThan(0);
});

it("two channels share the slots: neither waits for the other, together never more than the concurrency", async () => {
  const seen = journal();
  const alpha = await enqueue("alpha", 20);
  const beta = await enqueue("beta", 20);
  run([probeChannel("alpha", seen, { holdMs: 15 }), probeChannel("beta", seen, { holdMs: 15 })], {
    concurrency: 6,
    pollMs: 20,
  });
  await until(
    async () => [...(await rows("alpha")), ...(await rows("beta"))].every((row) => row.state === "delivered"),
    "both channels delivered",
  );
  expect(receiver.to(`/alpha/${alpha[0]}`).length).toBe(1);
  expect(receiver.requests.filter((request) => request.path.startsWith("/alpha/")).length).toBe(20);
  expect(receiver.requests.filter((request) => request.path.startsWith("/beta/")).length).toBe(20);
  expect(receiver.to(`/beta/${beta.at(-1)}`).length).toBe(1);
  expect(seen.maxInFlight).toBeLessThanOrEqual(6);
  // The second channel was asked for what the first left of the free slots, never more.
  expect(seen.claims.every((claim) => claim.limit <= 6)).toBe(true);
});

it("schedules a failed delivery's retry from the outbox's schedule, and fails it for good once the schedule is used up", async () => {
  const seen = journal();
  const [flaky, broken] = await enqueue("alpha", 2);
  let flakyCalls = 0;
  receiver.answer((request) => {
    if (request.path === `/alpha/${broken}`) return { status: 500 };
    return ++flakyCalls === 1 ? { status: 503 } : { status: 200 };
  });
  run([probeChannel("alpha", seen)], { pollMs: 20 });
  await until(async () => (await rows("alpha"))[0]!.state === "delivered", "the retry of the flaky item");
  await until(async () => (await rows("alpha"))[1]!.state === "failed", "the broken item failing for good", 30_000);
  const [delivered, failed] = await rows("alpha");
  expect(delivered).toMatchObject({ state: "delivered", attempt_count: 2, last_error: null, lease_owner: null });
  expect(failed).toMatchObject({ state: "failed", attempt_count: 3, last_error: "HTTP 500", lease_owner: null });
  const flakyAttempts = receiver.to(`/alpha/${flaky}`).map((request) => request.at);
  expect(flakyAttempts.length).toBe(2);
  const attempts = receiver.to(`/alpha/${broken}`).map((request) => request.at);
  expect(attempts.length).toBe(3);
  // Each retry waited its 300 ms (the schedule), not the 20 ms poll.
  expect(flakyAttempts[1]! - flakyAttempts[0]!).toBeGreaterThanOrEqual(250);
  expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(250);
  expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(250);
});

it("gives its leases back on stop: in-flight deliveries are aborted after the drain, flushed, then released", async () => {
  const seen = journal();
  await enqueue("slow", 3);
  const runner = run([probeChannel("slow", seen, { hang: true })], { pollMs: 20, drainMs: 200 });
  await until(async () => (await rows("slow")).every((row) => row.lease_owner === runner.owner), "three claims");
  const startedAt = Date.now();
  runners.splice(runners.indexOf(runner), 1);
  await runner.stop();
  expect(Date.now() - startedAt).toBeGreaterThanOrEqual(150);
  expect(seen.events.slice(-2)).toEqual(["slow:flush", "slow:release"]);
  // Given back untouched: no attempt counted, no lease, due again for the next runner.
  expect((await rows("slow")).map((row) => [row.state, row.attempt_count, row.lease_owner])).toEqual([
    ["pending", 0, null],
    ["pending", 0, null],
    ["pending", 0, null],
  ]);
  expect(receiver.requests).toEqual([]);
  const next = journal();
  run([probeChannel("slow", next)], { pollMs: 20 });
  await until(async () => (await rows("slow")).every((row) => row.state === "delivered"), "the next runner delivering");
});

it("is woken by wakeOutbox() and, in embedded mode, releases a dead run's claims at start", async () => {
  const seen = journal();
  const [orphan] = await enqueue("alpha", 1);
  await db.current.sql(
    statement(`UPDATE probe_outbox SET lease_owner = 'dead-run', lease_expires_at = now() + interval '1 hour' WHERE id = $1`, [
      orphan,
    ]),
  );
  // A poll too slow to matter: only a wake makes the runner look again.
  run([probeChannel("alpha", seen)], { pollMs: 60_000 });
  await sleep(300);
  const [fresh] = await enqueue("alpha", 1);
  wakeOutbox();
  await receiver.waitFor(`/alpha/${fresh}`, 1, 10_000);
  const orphanRow = (await rows("alpha")).find((row) => row.id === orphan)!;
  if (testDatabaseKind === "embedded") {
    // This process is the only possible owner of an embedded database's claims: the dead run's went back at once.
    expect(seen.events[0]).toBe("alpha:releaseAll");
    expect(receiver.to(`/alpha/${orphan}`).length).toBe(1);
  } else {
    // Another instance may hold it: it waits for its lease to expire.
    expect(seen.events).not.toContain("alpha:releaseAll");
    expect(orphanRow).toMatchObject({ state: "pending", lease_owner: "dead-run" });
    expect(receiver.to(`/alpha/${orphan}`)).toEqual([]);
  }
});

import type { Database, SqlExecutor } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import type { Channel, OutboxItem } from "./channel";
import { channelInserts, EXPANDED_EVENT_COLUMNS } from "./expand-events";
import { HeldBatch } from "./held-batch";

/** A held delivery as the runner starts it. */
export interface HeldItem {
  channel: Channel;
  item: OutboxItem;
}

/**
 * Holds up to `limit` events in `tx` (`FOR UPDATE SKIP LOCKED`: instances holding together each take others):
 * the channels that queue (expandSql) insert their rows from them, as expandEvents does; the channels that hold
 * select theirs. Returns the events' ids and each holding channel's rows.
 */
async function holdEvents(
  tx: SqlExecutor,
  channels: readonly Channel[],
  limit: number,
): Promise<{ eventIds: string[]; rows: { channel: Channel; rows: unknown[] }[] }> {
  const { name, deliveries: inserts } = channelInserts("hold-events", channels, (channel) => channel.held !== undefined);
  const locked = await tx.sql<{ id: string }>(Prisma.sql`
    ${name}
    WITH ev AS (
      SELECT ${Prisma.raw(EXPANDED_EVENT_COLUMNS)} FROM events ORDER BY created_at LIMIT ${limit}::int FOR UPDATE SKIP LOCKED
    )${inserts}
    SELECT id FROM ev`);
  const eventIds = locked.map((row) => row.id);
  const rows: { channel: Channel; rows: unknown[] }[] = [];
  if (eventIds.length === 0) return { eventIds, rows };
  for (const channel of channels) {
    const select = channel.held?.selectSql();
    if (!select) continue;
    const selected = await tx.sql(Prisma.sql`
      ${Prisma.raw(`/* leadlink:held-${channel.name} */`)}
      WITH ev AS (SELECT ${Prisma.raw(EXPANDED_EVENT_COLUMNS)} FROM events WHERE id = ANY (${eventIds}::uuid[]))
      ${select}`);
    if (selected.length > 0) rows.push({ channel, rows: selected });
  }
  return { eventIds, rows };
}

export interface HeldBatchOptions {
  owner: string;
  leaseMs: number;
  /** How long the batch's transaction waits for its deliveries before writing the rest as pending. */
  holdMs: number;
}

/**
 * One held batch (PostgreSQL): in one transaction, holds up to `limit` events, hands their deliveries to
 * `start` (the runner makes them), waits for them (at most `holdMs`), has each holding channel write them as
 * they ended, deletes the events and commits. A delivery that succeeded is written once, delivered, with its
 * attempt: no queued row to insert, claim and move on (DESIGN.md section 6's CPU per delivery). One that
 * failed or is still running is written as a pending, claimed item of its queue, and recorded from there as
 * any other. Until the commit, the events stay as they were: a runner that dies mid-batch (its connection
 * drops, the transaction rolls back) leaves them to be delivered again, under the same message ids.
 * Resolves with how many events were held and deliveries started; `done` settles with the transaction.
 */
export async function runHeldBatch(
  database: Database,
  channels: readonly Channel[],
  limit: number,
  options: HeldBatchOptions,
  start: (items: HeldItem[]) => void,
): Promise<{ events: number; started: number; done: Promise<void> }> {
  let batch: HeldBatch<unknown> | undefined;
  let resolveStarted!: (counts: { events: number; started: number }) => void;
  let rejectStarted!: (error: unknown) => void;
  const started = new Promise<{ events: number; started: number }>((resolve, reject) => {
    resolveStarted = resolve;
    rejectStarted = reject;
  });
  const done = database
    .transaction(async (tx) => {
      const held = await holdEvents(tx, channels, limit);
      if (held.eventIds.length === 0) {
        resolveStarted({ events: 0, started: 0 });
        return undefined;
      }
      const current = new HeldBatch<unknown>();
      batch = current;
      const parts = held.rows.map(({ channel, rows }) => ({ channel, items: channel.held!.items(database, rows, current) }));
      const items = parts.flatMap(({ channel, items }) => items.map((item) => ({ channel, item })));
      current.expect(items.length);
      start(items);
      resolveStarted({ events: held.eventIds.length, started: items.length });
      const ended = await current.close(options.holdMs);
      const settled = new Set<string>();
      for (const { channel, items } of parts) {
        for (const key of await channel.held!.settle(tx, items, ended, options)) settled.add(key);
      }
      await tx.sql(Prisma.sql`/* leadlink:held-events-done */ DELETE FROM events WHERE id = ANY (${held.eventIds}::uuid[])`);
      return settled;
    })
    .then(
      (settled) => {
        if (settled) batch?.committed(settled);
      },
      (error: unknown) => {
        batch?.failed(error);
        rejectStarted(error);
        throw error;
      },
    );
  // The caller hears of a failure before the deliveries started from `started`, of a later one from `done`.
  done.catch(() => {});
  return { ...(await started), done };
}

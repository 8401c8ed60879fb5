import { randomBytes } from "node:crypto";
import os from "node:os";
import type { Database } from "@/lib/db/client";
import { openPool } from "@/lib/db/pg-database";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import type { Channel, OutboxItem } from "./channel";
import { expandEvents } from "./expand-events";
import { runHeldBatch } from "./hold-events";
import { forgetOutboxRunner, useOutboxRunner } from "./wake";

export interface RunnerOptions {
  /** How often to look for due items written by other instances (this one's are delivered at once). */
  pollMs?: number;
  /** Deliveries in flight at once, all channels together; new ones are claimed in batches of at least half of this. */
  concurrency?: number;
  /**
   * After a claim that found fewer due items than free slots, how long the next one waits, so that the items
   * written meanwhile (each wakes the runner) are claimed, read and recorded together.
   */
  gatherMs?: number;
  /** How long a claim lasts: longer than an attempt (10 s), so that only a dead instance's claims expire. */
  leaseMs?: number;
  /** How long stop() lets in-flight deliveries finish before it aborts them and gives their items back. */
  drainMs?: number;
  /** How often the channels' tick() runs (e.g. the email digests that fell due); the clock for tests. */
  digestEveryMs?: number;
  /** Connections of its own in server mode (0: the shared pool's). */
  poolSize?: number;
  /**
   * PostgreSQL: make the deliveries of channels that can hold (the webhook channel) while their events stay
   * locked, and write each once, as it ended (hold-events.ts). Default OUTBOX_HOLD (off).
   */
  hold?: boolean;
  /** How long a held batch waits for its deliveries before writing the rest as pending (default 1 s). */
  holdMs?: number;
  now?: () => Date;
}

export interface Runner {
  readonly owner: string;
  /** Look for due items now (this process just wrote one). */
  wake(): void;
  stop(): Promise<void>;
}

/** Events turned into deliveries per statement. */
const EXPAND_BATCH = 500;
/** Held batches open at once: each keeps a connection of the runner's pool in its transaction. */
const MAX_HELD_BATCHES = 2;

interface Claimed {
  channel: Channel;
  item: OutboxItem;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function sleep(ms: number, signal: { wake?: () => void }): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.wake = undefined;
      resolve();
    }
    signal.wake = done;
  });
}

/**
 * Runs the outbox: polls for due items of every channel (and is woken when this process writes one), claims
 * them with a lease, hands each to its channel to deliver and record. It knows no channel: the list is given
 * by the composition root (lib/server/outbox.ts). Any number of instances may run one on the same database.
 * In embedded mode this process is the only possible owner of a claim, so claims left by a previous run that
 * died are released at once rather than after their lease.
 */
export function startRunner(shared: Database, channels: readonly Channel[], options: RunnerOptions = {}): Runner {
  // Server mode: connections of the runner's own, so that its claims, reads and records do not wait in the
  // shared pool's queue behind ingest's requests (under load each wait lasts about as long as a request, and
  // a batch makes three in a row). The embedded engine serves one statement at a time whatever the pool.
  const poolSize = options.poolSize ?? 4;
  const own =
    shared.kind === "postgres" && poolSize > 0 ? openPool("postgres", shared.connection, poolSize, async () => {}) : undefined;
  const database = own ?? shared;
  // Embedded: every item is written by this process, which wakes the runner itself; the poll only picks up
  // retries that fell due. PostgreSQL: other instances' items are found by the poll.
  const pollMs = options.pollMs ?? (database.kind === "embedded" ? 1_000 : 200);
  const concurrency = options.concurrency ?? 64;
  const gatherMs = options.gatherMs ?? 50;
  const leaseMs = options.leaseMs ?? 30_000;
  const drainMs = options.drainMs ?? 3_000;
  const tickEveryMs = options.digestEveryMs ?? 60_000;
  const now = options.now ?? (() => new Date());
  const hold =
    database.kind === "postgres" && (options.hold ?? env().OUTBOX_HOLD === "on") && channels.some((channel) => channel.held);
  const holdMs = options.holdMs ?? 1_000;
  /** The held batches whose transactions are open. */
  const holding = new Set<Promise<void>>();
  let tickedAt = 0;
  const owner = `${os.hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const inFlight = new Map<string, { promise: Promise<void>; abort: AbortController }>();
  const signal: { wake?: () => void } = {};
  let woken = false;
  let gathering = false;
  let stopping = false;
  let claimFailing = false;

  /**
   * Starts deliveries for the free slots, channel by channel in the order given: the first channels are served
   * first. Returns how many started, or `free` when more may be due at once (a full batch of events held).
   */
  async function claimAll(free: number): Promise<number> {
    let started = 0;
    let full = false;
    if (hold) {
      // The events written since the last look: held while their deliveries are made (hold-events.ts).
      if (holding.size < MAX_HELD_BATCHES) {
        const batch = await runHeldBatch(database, channels, free, { owner, leaseMs, holdMs }, (items) => {
          for (const entry of items) start(entry);
        });
        const done: Promise<void> = batch.done
          .catch((error: unknown) => log.warn({ err: errorText(error) }, "a held outbox batch was rolled back; its events wait"))
          .finally(() => {
            holding.delete(done);
            nudge();
          });
        holding.add(done);
        started += batch.started;
        // A full batch of events: more may be waiting.
        full = batch.events >= free;
      }
    } else {
      // First the events written since the last look become their channels' deliveries (expand-events.ts).
      while ((await expandEvents(database, channels, EXPAND_BATCH)) === EXPAND_BATCH) {}
    }
    // The channels' clock (the email digests): each channel ticks just before it claims.
    const tickDue = now().getTime() - tickedAt >= tickEveryMs;
    for (const channel of channels) {
      if (tickDue && channel.tick) {
        tickedAt = now().getTime();
        await channel.tick(database, now());
      }
      if (started >= free) continue;
      const items = await channel.claim(database, owner, free - started, leaseMs);
      for (const item of items) start({ channel, item });
      started += items.length;
    }
    return full ? Math.max(started, free) : started;
  }

  function start({ channel, item }: Claimed): void {
    const abort = new AbortController();
    const promise = channel
      .deliver(database, item, { owner, signal: abort.signal, now })
      .catch((error: unknown) =>
        log.error(
          { err: errorText(error), channel: channel.name, key: item.key },
          `${channel.name} attempt could not be recorded`,
        ),
      )
      .finally(() => {
        inFlight.delete(item.key);
        nudge();
      });
    inFlight.set(item.key, { promise, abort });
  }

  async function loop(): Promise<void> {
    if (database.kind === "embedded") {
      for (const channel of channels) await channel.releaseAll(database).catch(() => {});
    }
    while (!stopping) {
      woken = false;
      let claimed = 0;
      const free = concurrency - inFlight.size;
      let claiming = false;
      // Claimed in batches: a claim (and the batch's reads) per item would cost the thread that also serves
      // ingest more than the attempts themselves. Until half the slots are free, the deliveries in flight
      // (each a few ms against a receiver that answers) are waited for; each ending wakes this loop.
      if (free > 0 && (inFlight.size === 0 || free >= concurrency / 2)) {
        claiming = true;
        try {
          claimed = await claimAll(free);
          if (claimFailing) log.info("webhook dispatcher reaches the database again");
          claimFailing = false;
        } catch (error) {
          // The database is down or restarting: try again on the next poll (said once, not every poll). What
          // was claimed before the failure is delivered all the same.
          if (!claimFailing) log.warn({ err: errorText(error) }, "webhook dispatcher cannot claim messages; retrying");
          claimFailing = true;
        }
      }
      // A full batch means more may be due: claim again at once; otherwise wait for a poll or a wake.
      if (stopping || (claimed > 0 && claimed >= free)) continue;
      // Less than a full batch: the runner keeps up, and claiming at every wake would claim one item at a
      // time (a claim, its reads and a record each). Wakes during this wait are kept, not acted on.
      if (claiming) {
        gathering = true;
        await sleep(gatherMs, signal);
        gathering = false;
      }
      if (!woken && !stopping) await sleep(pollMs, signal);
    }
  }

  /** A delivery ended: its slot is free (acted on after the gathering wait, if one runs). */
  function nudge(): void {
    if (!gathering) signal.wake?.();
  }

  const running = loop();
  const runner: Runner = {
    owner,
    wake() {
      woken = true;
      nudge();
    },
    async stop() {
      forgetOutboxRunner(runner);
      stopping = true;
      signal.wake?.();
      await running;
      const pending = [...inFlight.values()];
      const drained = await Promise.race([
        Promise.all(pending.map((entry) => entry.promise)).then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), drainMs).unref()),
      ]);
      if (!drained) {
        for (const entry of inFlight.values()) entry.abort.abort();
        await Promise.all([...inFlight.values()].map((entry) => entry.promise));
      }
      // Held batches commit once their deliveries have reported (the aborted ones as given up).
      await Promise.all(holding);
      // An item delivered but not yet recorded, if given back now, would be delivered again.
      for (const channel of channels) await channel.flush?.().catch(() => {});
      for (const channel of channels) await channel.release(database, owner).catch(() => {});
      await own?.close();
    },
  };
  useOutboxRunner(runner);
  return runner;
}

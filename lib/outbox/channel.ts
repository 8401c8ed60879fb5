import type { Database, SqlExecutor } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import type { HeldBatch } from "./held-batch";

/** One claimed delivery, as the runner sees it: a key unique across channels (e.g. "webhook:<uuid>"). */
export interface OutboxItem {
  readonly key: string;
}

export interface DeliveryContext {
  /** The runner's lease owner (hostname:pid:random). */
  readonly owner: string;
  /** Aborted when the runner stops and gives in-flight deliveries back. */
  readonly signal: AbortSignal;
  readonly now: () => Date;
}

export interface Channel<Item extends OutboxItem = OutboxItem, Outcome = unknown> {
  /** "webhook", "email", "whatsapp", ... */
  readonly name: string;
  /**
   * This channel's deliveries of the events being expanded: one `INSERT ... SELECT ... FROM ev` (the events'
   * rows, EXPANDED_EVENT_COLUMNS of expand-events.ts) that says who hears of which event: the channel's
   * subscription rule, in this one place. Undefined when the channel is off on this server (or has no events).
   */
  expandSql?(): Prisma.Sql | undefined;
  /**
   * Optional, PostgreSQL only: this channel's deliveries made while their events stay locked in the runner's
   * transaction, and written once, as they ended, when it commits (hold-events.ts), instead of being queued,
   * claimed and moved on row by row. The subscription rule is expandSql's.
   */
  readonly held?: HeldChannel<Item, Outcome>;
  /** Claims up to `limit` due items of this channel for `owner`, each leased for `leaseMs`. */
  claim(database: Database, owner: string, limit: number, leaseMs: number): Promise<Item[]>;
  /**
   * Makes one delivery of a claimed item and records its attempt: delivered, or failed with its next attempt
   * from the outbox's retry schedule (`lib/outbox/retry-schedule.ts`, DESIGN.md section 7), or failed for good.
   * Resolves once the attempt is recorded (or, for batched records, handed to the batch). Never throws for a
   * failed send; throws only when the attempt could not be recorded.
   */
  deliver(database: Database, item: Item, context: DeliveryContext): Promise<void>;
  /** Gives back the claims of `owner` (the runner is stopping). */
  release(database: Database, owner: string): Promise<void>;
  /** Gives back every claim (embedded mode at start: this process is the only possible owner). */
  releaseAll(database: Database): Promise<void>;
  /** Optional work on the runner's clock, e.g. writing the email digests that fell due. */
  tick?(database: Database, now: Date): Promise<void>;
  /** Optional: called once the runner has drained, so a channel can flush batched records. */
  flush?(): Promise<void>;
}

/** A channel's part in a held batch (lib/outbox/hold-events.ts). */
export interface HeldChannel<Item extends OutboxItem, Outcome = unknown> {
  /** `SELECT ... FROM ev`: the deliveries of the held events, with what making one needs. */
  selectSql(): Prisma.Sql | undefined;
  /** The selected rows as items; each one's deliver() reports its end to `batch`. */
  items(database: Database, rows: readonly unknown[], batch: HeldBatch<Outcome>): Item[];
  /**
   * Writes the batch's deliveries in the runner's transaction, before it deletes their events: each as it ended
   * (`ended`, by key), or, when it failed or has not ended, as a pending item of its queue claimed by `owner`
   * for `leaseMs`. Returns the keys written as they ended.
   */
  settle(
    tx: SqlExecutor,
    items: readonly Item[],
    ended: ReadonlyMap<string, Outcome | undefined>,
    lease: { owner: string; leaseMs: number },
  ): Promise<ReadonlySet<string>>;
}

import type { Database } from "@/lib/db/client";
import { sqlState } from "@/lib/db/errors";
import { env } from "@/lib/env";
import { type LeadWrite, readUpsertRows, storeStatement, type UpsertResult, type UpsertRow, upsertLead } from "./upsert-lead";

/**
 * Group commit: lead writes that arrive while the database is busy with earlier ones are sent together, as
 * one transaction in one round trip (Database.transactionBatch), so the server and PostgreSQL handle one
 * commit (one WAL flush) and one exchange for many leads.
 *
 * - No wait at low load: a write goes out alone, at once, while fewer than IN_FLIGHT writes or batches are
 *   in flight. Only what queues behind those is batched, when one of them is answered.
 * - Same answers as alone: the statements run one after the other in the transaction, each the very
 *   statement a lone write runs, and each request gets its own row back. Two writes for the same email,
 *   phone or Idempotency-Key never share a batch: the later one waits for the next.
 * - A 2xx only after the commit: each write's promise settles once COMMIT has answered.
 * - One bad lead fails no other: when the database refuses the batch (any statement, a deadlock), nothing
 *   of it is stored, and its writes are retried one by one, each as upsertLead alone (with its retries).
 *   A lost connection or a timeout fails every write of the batch, as it fails a lone write.
 *
 * INGEST_GROUP_COMMIT=off sends every write alone (for comparisons).
 */

/** Writes or batches in flight per process before the next writes queue into a batch. */
const IN_FLIGHT = 2;
/** The most writes one batch carries; the rest wait for the next. */
const MAX_BATCH = 64;

interface Queued {
  write: LeadWrite;
  resolve: (result: UpsertResult) => void;
  reject: (error: unknown) => void;
}

/** What makes two writes conflict: the same person (email, phone) in a workspace, the same key on a link. */
function keysOf(write: LeadWrite): string[] {
  const keys: string[] = [];
  if (write.input.email) keys.push(`e ${write.workspaceId} ${write.input.email}`);
  if (write.input.telephone) keys.push(`p ${write.workspaceId} ${write.input.telephone}`);
  if (write.record.idempotencyKey) keys.push(`k ${write.captureLinkId} ${write.record.idempotencyKey}`);
  return keys;
}

class GroupCommit {
  #inFlight = 0;
  #queue: Queued[] = [];

  constructor(private readonly database: Database) {}

  write(write: LeadWrite): Promise<UpsertResult> {
    if (this.#inFlight < IN_FLIGHT && this.#queue.length === 0) return this.#track(upsertLead(this.database, write));
    return new Promise((resolve, reject) => this.#queue.push({ write, resolve, reject }));
  }

  #track(work: Promise<UpsertResult>): Promise<UpsertResult> {
    this.#inFlight++;
    return work.finally(() => {
      this.#inFlight--;
      this.#drain();
    });
  }

  /** Sends what queued, as batches of writes that do not conflict, while there is room in flight. */
  #drain(): void {
    while (this.#inFlight < IN_FLIGHT && this.#queue.length > 0) {
      const batch = this.#takeBatch();
      this.#inFlight++;
      this.#send(batch)
        // Not expected (#send settles every write itself); a write already answered ignores this.
        .catch((error: unknown) => {
          for (const item of batch) item.reject(error);
        })
        .finally(() => {
          this.#inFlight--;
          this.#drain();
        });
    }
  }

  /** The first queued writes that conflict with none taken before them; a conflicting one (and any write after it on the same key) stays, in order. */
  #takeBatch(): Queued[] {
    const taken: Queued[] = [];
    const left: Queued[] = [];
    const used = new Set<string>();
    for (const item of this.#queue) {
      const keys = keysOf(item.write);
      if (taken.length >= MAX_BATCH || keys.some((key) => used.has(key))) left.push(item);
      else taken.push(item);
      for (const key of keys) used.add(key);
    }
    this.#queue = left;
    return taken;
  }

  async #send(batch: Queued[]): Promise<void> {
    const [first] = batch;
    if (!first) return;
    if (batch.length === 1) {
      await upsertLead(this.database, first.write).then(first.resolve, first.reject);
      return;
    }
    // One counter row for the whole batch: two batches taking the same rows in different orders would deadlock.
    const statsShard = first.write.statsShard;
    const writes = batch.map((item) => ({ ...item.write, statsShard }));
    let rows: unknown[][];
    try {
      rows = await this.database.transactionBatch(writes.map((write) => storeStatement(this.database, write)));
    } catch (error) {
      if (!sqlState(error)) {
        for (const item of batch) item.reject(error);
        return;
      }
      // Refused by the database, so nothing of the batch is stored: each write alone, in order.
      for (const item of batch) await upsertLead(this.database, item.write).then(item.resolve, item.reject);
      return;
    }
    batch.forEach((item, index) => {
      item.resolve(readUpsertRows(rows[index] as UpsertRow[]));
    });
  }
}

const groups = new WeakMap<Database, GroupCommit>();

/** Stores a lead write as upsertLead does, in a batch with concurrent ones when group commit is on. */
export function writeLead(database: Database, write: LeadWrite): Promise<UpsertResult> {
  if (env().INGEST_GROUP_COMMIT === "off") return upsertLead(database, write);
  let group = groups.get(database);
  if (!group) {
    group = new GroupCommit(database);
    groups.set(database, group);
  }
  return group.write(write);
}

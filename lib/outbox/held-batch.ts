/**
 * How a held delivery ended for its batch (hold-events.ts): "settled" when the batch's transaction wrote it as
 * it ended (nothing more to do); "record" when it was written as a claimed, pending item of its channel's
 * queue (it failed, or had not ended when the batch closed): its channel records it as any claimed item.
 */
export type HeldSettlement = "settled" | "record";

/**
 * The deliveries of one held batch, as the runner's transaction waits for them: each reports its end (its
 * outcome, or undefined when it was given up) and hears, once the transaction has committed, how it was
 * written. The batch closes when every delivery has reported or `holdMs` after it opened, whichever comes
 * first, so that a slow receiver holds the events' locks for a bounded time; what reports later is written as
 * pending and told "record" once the transaction has committed. When the transaction fails (the database went
 * away), every report rejects: nothing of the batch was written, and its events come back to be delivered again.
 */
export class HeldBatch<Outcome> {
  private readonly ended = new Map<string, Outcome | undefined>();
  private readonly waiting: { key: string; resolve: (how: HeldSettlement) => void; reject: (error: unknown) => void }[] = [];
  private expected = 0;
  private open = true;
  private closeNow?: () => void;
  private result?: { settled: ReadonlySet<string> } | { error: unknown };

  /** How many deliveries the batch waits for. */
  expect(count: number): void {
    this.expected = count;
  }

  /** A delivery ended (`outcome` undefined: given up, e.g. the runner is stopping). */
  report(key: string, outcome: Outcome | undefined): Promise<HeldSettlement> {
    const result = this.result;
    if (result) {
      return "error" in result ? Promise.reject(result.error) : Promise.resolve(result.settled.has(key) ? "settled" : "record");
    }
    if (this.open) {
      this.ended.set(key, outcome);
      if (this.ended.size >= this.expected) this.closeNow?.();
    }
    return new Promise((resolve, reject) => this.waiting.push({ key, resolve, reject }));
  }

  /** Waits until every delivery has reported or `holdMs` passed, then closes: what ended, by key. */
  async close(holdMs: number): Promise<ReadonlyMap<string, Outcome | undefined>> {
    if (this.open && this.ended.size < this.expected) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, holdMs);
        this.closeNow = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    this.open = false;
    return this.ended;
  }

  /** The transaction committed: the keys in `settled` were written as they ended, the others as pending. */
  committed(settled: ReadonlySet<string>): void {
    this.result = { settled };
    for (const entry of this.waiting.splice(0)) entry.resolve(settled.has(entry.key) ? "settled" : "record");
  }

  /** The transaction failed: nothing was written. */
  failed(error: unknown): void {
    this.open = false;
    this.result = { error };
    this.closeNow?.();
    for (const entry of this.waiting.splice(0)) entry.reject(error);
  }
}

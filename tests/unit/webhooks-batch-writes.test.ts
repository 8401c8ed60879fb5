import { describe, expect, it } from "vitest";
import { batchWrites } from "@/lib/outbox/batch-writes";

/** A write that takes until release() is called, recording each batch it was given. */
function slowWrite() {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  let fail: unknown;
  return {
    batches,
    release: () => pending.shift()?.(),
    failNext(error: unknown) {
      fail = error;
    },
    write: (items: number[]) =>
      new Promise<void>((resolve, reject) => {
        batches.push(items);
        const error = fail;
        fail = undefined;
        pending.push(() => (error ? reject(error) : resolve()));
      }),
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("batchWrites", () => {
  it("writes what is added in one turn together, and what comes during a write in the next batch", async () => {
    const writer = slowWrite();
    const add = batchWrites(writer.write);
    const first = [add(1), add(2), add(3)];
    await turn();
    expect(writer.batches).toEqual([[1, 2, 3]]);
    const second = [add(4), add(5)];
    await turn();
    expect(writer.batches).toHaveLength(1); // the first batch is still being written
    writer.release();
    await Promise.all(first);
    await turn();
    expect(writer.batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    writer.release();
    await Promise.all(second);
  });

  it("writes a lone item at once when nothing else is being written", async () => {
    const writer = slowWrite();
    const add = batchWrites(writer.write);
    const one = add(1);
    await turn();
    expect(writer.batches).toEqual([[1]]);
    writer.release();
    await one;
    const two = add(2);
    await turn();
    expect(writer.batches).toEqual([[1], [2]]);
    writer.release();
    await two;
  });

  it("fails the items of a failed batch only", async () => {
    const writer = slowWrite();
    const add = batchWrites(writer.write);
    writer.failNext(new Error("database away"));
    const failed = [add(1), add(2)];
    await turn();
    const next = add(3);
    writer.release();
    for (const item of failed) await expect(item).rejects.toThrow("database away");
    await turn();
    writer.release();
    await expect(next).resolves.toBeUndefined();
    expect(writer.batches).toEqual([[1, 2], [3]]);
  });
});

/**
 * Groups writes that finish close together into one call of `write`: an item added while no write runs is
 * written at the end of the current turn of the event loop (with whatever else was added in that turn);
 * items added while a write runs wait for it and go together in the next one. So at low load each item is
 * written at once, alone, and under load the batches grow with the write's own latency (group commit).
 * Each add() settles when its batch is written, or with the batch's error.
 */
export function batchWrites<T>(write: (items: T[]) => Promise<void>): (item: T) => Promise<void> {
  let queue: { item: T; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let writing = false;

  async function flush(): Promise<void> {
    writing = true;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        await write(batch.map((entry) => entry.item));
        for (const entry of batch) entry.resolve();
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    writing = false;
  }

  return (item) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!writing) {
        writing = true;
        setImmediate(() => void flush());
      }
    });
}

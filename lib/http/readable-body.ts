import type { Readable } from "node:stream";

/**
 * A Node stream as a Response body that reads it only as fast as the client takes it. Not `Readable.toWeb`:
 * on Node 20 its queue counts chunks, not bytes (up to the stream's highWaterMark of 16,384 chunks), so a
 * fast writer and a slower client pile the whole file up in memory and the writer never sees backpressure.
 * Here each pull takes one chunk; until the client asks for more, the stream fills and its writer waits.
 */
export function readableBody(stream: Readable): ReadableStream<Uint8Array> {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
        } catch (error) {
          controller.error(error);
        }
      },
      async cancel() {
        stream.destroy();
        await chunks.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

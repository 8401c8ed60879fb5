import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  headers: http.IncomingHttpHeaders;
  body: string;
  path: string;
  /** Date.now() when it arrived. */
  at: number;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  /** Bytes for a binary answer (an image). */
  body?: string | Buffer;
}

/**
 * A real HTTP server on 127.0.0.1 that records every request and answers as `answer` says (200 by default):
 * what a webhook endpoint is in the tests (with WEBHOOK_ALLOW_PRIVATE_NETWORKS=1). `port` listens on a chosen
 * port (one a test kept closed until now: the receiver was down); `delayMs` holds every answer that long.
 */
export async function startReceiver(options: { port?: number; delayMs?: number } = {}) {
  const requests: ReceivedRequest[] = [];
  let answer: (request: ReceivedRequest, index: number) => Answer = () => ({ status: 200, body: "ok" });
  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const request = {
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        path: incoming.url ?? "/",
        at: Date.now(),
      };
      requests.push(request);
      const reply = answer(request, requests.length - 1);
      setTimeout(() => {
        outgoing.writeHead(reply.status, reply.headers);
        outgoing.end(reply.body ?? "");
      }, options.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path = "/hook") => `http://127.0.0.1:${port}${path}`,
    requests,
    /** Requests whose path is `path`. */
    to: (path: string) => requests.filter((request) => request.path === path),
    answer(next: (request: ReceivedRequest, index: number) => Answer) {
      answer = next;
    },
    /** Waits until `count` requests reached `path` (fails after `timeoutMs`, which is a bound, not a measure). */
    async waitFor(path: string, count: number, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.filter((request) => request.path === path).length < count) {
        if (Date.now() > deadline)
          throw new Error(`${path}: ${requests.filter((request) => request.path === path).length} of ${count} requests arrived`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return requests.filter((request) => request.path === path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

import http from "node:http";
import type { RunningServer } from "./server";

export interface SlowRequest {
  /** Resolves once the server has read the request's headers (it answered 100 Continue). */
  headersRead: Promise<void>;
  /** Sends the body in two parts, a little apart. */
  finish(): void;
  result: Promise<{ status: number; connection: string | undefined; body: string } | { error: string }>;
}

/**
 * A POST whose body is held back: it asks for `100 Continue`, which Node's HTTP server sends once it
 * has parsed the headers and handed the request on, so the request is provably in flight.
 */
export function slowPost(server: Pick<RunningServer, "port">, token: string, lead: Record<string, unknown>): SlowRequest {
  const body = JSON.stringify(lead);
  const request = http.request({
    host: "127.0.0.1",
    port: server.port,
    path: `/ingest/${token}`,
    method: "POST",
    agent: false,
    headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), Expect: "100-continue" },
  });
  const headersRead = new Promise<void>((resolve, reject) => {
    request.once("continue", () => resolve());
    request.once("error", reject);
  });
  const result = new Promise<{ status: number; connection: string | undefined; body: string } | { error: string }>((resolve) => {
    request.once("response", (response) => {
      let text = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, connection: response.headers.connection, body: text }));
    });
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
  headersRead.catch(() => {});
  return {
    headersRead,
    result,
    finish() {
      const half = Math.floor(body.length / 2);
      request.write(body.slice(0, half));
      setTimeout(() => request.end(body.slice(half)), 200);
    },
  };
}

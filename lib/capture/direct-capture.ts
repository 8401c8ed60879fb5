import type { IncomingMessage, ServerResponse } from "node:http";
import { type CaptureMethod, captureHandlers } from "@/lib/capture/capture-handlers";
import { serveHostedFormStatus } from "@/lib/capture/closed-form-status";
import { LINK_TOKEN_SOURCE } from "@/lib/links/link-token";
import { log } from "@/lib/log";

/**
 * The capture endpoint without Next.js's router. Every lead arrives at one URL shape, and Next.js's work per
 * request (routing, its request and response objects, its async contexts) cost the server's one thread more
 * than ingest's own work: ~0.7 ms of ~1.1 ms per lead (docs/benchmarks-log.md, "The capture endpoint without
 * Next.js's router"). scripts/server.mjs hands each request here first; a well-formed capture URL
 * (`/ingest/cl_…`, any query) with a method the endpoint answers is served by the route's own handlers
 * (lib/capture/capture-handlers.ts), given a standard Request as Next.js gives them. Anything else (a malformed
 * token, a trailing slash, an encoded character, another method) goes to Next.js, whose route
 * (app/ingest/[captureLink]/route.ts) answers it with the same handlers.
 */
const CAPTURE_PATH = new RegExp(`^/ingest/(${LINK_TOKEN_SOURCE})(?:\\?|$)`);

/** Where server.mjs finds serveCaptureDirectly (set by lib/server/boot.ts, once the database is open). */
export const DIRECT_CAPTURE_HOOK = Symbol.for("leadlink.directCapture");

function isCaptureMethod(method: string | undefined): method is CaptureMethod {
  return method !== undefined && Object.hasOwn(captureHandlers, method);
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (value) for (const item of value) headers.append(name, item);
  }
  return headers;
}

/**
 * The body as a web stream, read as the handler asks for it. Cancelling it (a body refused before its end: too
 * large, or answered early) reads the rest and drops it, as Node.js does for an answer sent early, so that the
 * client can read the answer on a connection that stays open; a body that times out is answered by a 408 whose
 * connection server.mjs closes. A connection lost mid-body errors the stream, which the handler reports.
 */
function bodyOf(req: IncomingMessage): ReadableStream<Uint8Array> {
  let settled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on("data", (chunk: Buffer) => {
        if (settled) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.once("end", () => {
        if (settled) return;
        settled = true;
        controller.close();
      });
      // A lost connection: the error (if any) then the close; the listener also keeps an error from being unhandled.
      req.on("error", (error) => {
        if (settled) return;
        settled = true;
        controller.error(error);
      });
      req.once("close", () => {
        if (settled) return;
        settled = true;
        controller.error(new Error("the connection closed before the body ended"));
      });
      req.pause();
    },
    pull() {
      req.resume();
    },
    cancel() {
      settled = true;
      req.resume();
    },
  });
}

function requestOf(req: IncomingMessage, method: CaptureMethod): Request {
  const hasBody = method !== "GET" && method !== "HEAD";
  // The origin is a placeholder, as behind Next.js: absolute URLs in answers come from PUBLIC_BASE_URL, never the Host header.
  return new Request(`http://localhost${req.url}`, {
    method,
    headers: headersOf(req),
    ...(hasBody ? { body: bodyOf(req), duplex: "half" } : {}),
  } as RequestInit);
}

async function send(response: Response, res: ServerResponse): Promise<void> {
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  res.statusCode = response.status;
  for (const [name, value] of response.headers) res.setHeader(name, value);
  res.end(body);
}

async function serve(method: CaptureMethod, token: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const response = await captureHandlers[method](requestOf(req, method), { params: Promise.resolve({ captureLink: token }) });
    await send(response, res);
  } catch (error) {
    // The handlers answer every failure themselves; this is a bug, answered as Next.js would.
    log.error({ err: error }, "capture request failed outside its handler");
    if (res.headersSent) res.destroy();
    else {
      res.statusCode = 500;
      res.end();
    }
  }
}

/**
 * Serves `req` if it is a capture request (true), or leaves it untouched for Next.js (false). `next` (Next.js's
 * handler, from server.mjs) lets a hosted form page of a revoked link go out as 410 (./closed-form-status.ts).
 */
export function serveCaptureDirectly(
  req: IncomingMessage,
  res: ServerResponse,
  next?: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>,
): boolean {
  if (next && serveHostedFormStatus(req, res, next)) return true;
  const match = req.url ? CAPTURE_PATH.exec(req.url) : null;
  if (!match || !isCaptureMethod(req.method)) return false;
  void serve(req.method, match[1]!, req, res);
  return true;
}

import * as route from "@/app/ingest/[captureLink]/route";

type Method = "POST" | "OPTIONS" | "GET" | "HEAD" | "PUT" | "PATCH" | "DELETE";

export interface SendOptions {
  method?: Method;
  headers?: Record<string, string>;
  /** A raw body; objects are sent as JSON. */
  body?: unknown;
}

/** Calls the real route handler of /ingest/<token>, as Next.js would. */
export async function send(token: string, options: SendOptions = {}): Promise<Response> {
  const method = options.method ?? "POST";
  const body =
    options.body === undefined
      ? undefined
      : typeof options.body === "string" || options.body instanceof Uint8Array
        ? options.body
        : JSON.stringify(options.body);
  const headers = { "content-type": "application/json", ...options.headers };
  const request = new Request(`http://localhost:3000/ingest/${encodeURIComponent(token)}`, {
    method,
    headers,
    body: method === "GET" || method === "HEAD" ? undefined : (body as BodyInit | undefined),
  });
  return route[method](request, { params: Promise.resolve({ captureLink: token }) });
}

/** POSTs a lead and returns the status and the parsed JSON body. */
export async function post(token: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await send(token, { body, headers });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: text ? (JSON.parse(text) as Record<string, any>) : undefined,
  };
}

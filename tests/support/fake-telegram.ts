import http from "node:http";
import type { AddressInfo } from "node:net";

export interface BotApiRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface BotApiAnswer {
  status: number;
  body: unknown;
}

/**
 * A local Telegram Bot API (https://core.telegram.org/bots/api) for the tests: `POST /bot<token>/sendMessage`
 * with a JSON body. A known token with a chat_id and a text gets the documented `{"ok":true,"result":<Message>}`;
 * an unknown token `401 {"ok":false,"error_code":401,"description":"Unauthorized"}`; a request without
 * chat_id or text `400 Bad Request`. `failNext` queues other answers for a token (a 500, a 429 with
 * `parameters.retry_after`), each used once, before the documented ones resume. `port` listens on a chosen
 * port (one a test kept closed until now: the Bot API was down); `delayMs` holds every answer that long.
 */
export async function startFakeTelegram(tokens: string[], options: { port?: number; delayMs?: number } = {}) {
  const requests: BotApiRequest[] = [];
  const queued = new Map<string, BotApiAnswer[]>();
  let messageId = 0;
  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const request: BotApiRequest = {
        method: incoming.method ?? "",
        path: incoming.url ?? "/",
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      };
      requests.push(request);
      const token = /^\/bot([^/]+)\//.exec(request.path)?.[1] ?? "";
      const answer = queued.get(token)?.shift() ?? documentedAnswer(request);
      setTimeout(() => {
        outgoing.writeHead(answer.status, { "content-type": "application/json" });
        outgoing.end(typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body));
      }, options.delayMs ?? 0);
    });
  });

  function documentedAnswer(request: BotApiRequest): BotApiAnswer {
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.path);
    if (!match || request.method !== "POST") {
      return { status: 404, body: { ok: false, error_code: 404, description: "Not Found" } };
    }
    if (!tokens.includes(match[1]!)) return { status: 401, body: { ok: false, error_code: 401, description: "Unauthorized" } };
    if (match[2] !== "sendMessage") return { status: 404, body: { ok: false, error_code: 404, description: "Not Found" } };
    let payload: { chat_id?: unknown; text?: unknown };
    try {
      payload = JSON.parse(request.body);
    } catch {
      return { status: 400, body: { ok: false, error_code: 400, description: "Bad Request: message text is empty" } };
    }
    if (payload.chat_id === undefined || payload.chat_id === "") {
      return { status: 400, body: { ok: false, error_code: 400, description: "Bad Request: chat_id is empty" } };
    }
    if (typeof payload.text !== "string" || payload.text === "") {
      return { status: 400, body: { ok: false, error_code: 400, description: "Bad Request: message text is empty" } };
    }
    return {
      status: 200,
      body: {
        ok: true,
        result: {
          message_id: ++messageId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(payload.chat_id) || payload.chat_id, type: "group" },
          text: payload.text.replace(/<[^>]+>/g, ""),
        },
      },
    };
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The requests made with this bot token. */
    of: (token: string) => requests.filter((request) => request.path.startsWith(`/bot${token}/`)),
    /** The next answers to this token's requests, each used once. */
    failNext(token: string, ...answers: BotApiAnswer[]) {
      queued.set(token, [...(queued.get(token) ?? []), ...answers]);
    },
    async waitFor(token: string, count: number, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = requests.filter((request) => request.path.startsWith(`/bot${token}/`));
        if (found.length >= count) return found;
        if (Date.now() > deadline) throw new Error(`${found.length} of ${count} Bot API requests arrived`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeTelegram = Awaited<ReturnType<typeof startFakeTelegram>>;

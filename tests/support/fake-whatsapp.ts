import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface GraphRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface GraphAnswer {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

function graphError(status: number, code: number, message: string): GraphAnswer {
  return {
    status,
    body: { error: { message, type: "OAuthException", code, fbtrace_id: randomBytes(8).toString("base64url") } },
  };
}

/**
 * A local WhatsApp Cloud API (Graph API `POST /<version>/<phone-number-id>/messages`) for the tests. A request
 * with the right Bearer token, for the known sending number, with a template message of a known template, is
 * answered as documented: `{"messaging_product":"whatsapp","contacts":[{"input","wa_id"}],"messages":[{"id":"wamid…"}]}`.
 * Otherwise the documented errors: 401 code 190 (bad token), 400 code 100 (invalid parameter), 404 code
 * 132001 (no such template). `failNext` queues other answers for one recipient, each used once. `port` listens
 * on a chosen port (one a test kept closed until now: the Cloud API was down); `delayMs` holds every answer that long.
 */
export async function startFakeWhatsapp(options: {
  token: string;
  phoneNumberId: string;
  templates: string[];
  port?: number;
  delayMs?: number;
}) {
  const requests: GraphRequest[] = [];
  const queued = new Map<string, GraphAnswer[]>();
  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const request: GraphRequest = {
        method: incoming.method ?? "",
        path: incoming.url ?? "/",
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      };
      requests.push(request);
      const to = recipientOf(request);
      const answer = (to === undefined ? undefined : queued.get(to)?.shift()) ?? documentedAnswer(request);
      setTimeout(() => {
        outgoing.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
        outgoing.end(JSON.stringify(answer.body));
      }, options.delayMs ?? 0);
    });
  });

  function recipientOf(request: GraphRequest): string | undefined {
    try {
      return (JSON.parse(request.body) as { to?: string }).to;
    } catch {
      return undefined;
    }
  }

  function documentedAnswer(request: GraphRequest): GraphAnswer {
    if (request.headers.authorization !== `Bearer ${options.token}`) {
      return graphError(401, 190, "Invalid OAuth access token - Cannot parse access token");
    }
    if (request.method !== "POST" || request.path !== `/v21.0/${options.phoneNumberId}/messages`) {
      return graphError(400, 100, "Unsupported post request.");
    }
    let payload: any;
    try {
      payload = JSON.parse(request.body);
    } catch {
      return graphError(400, 100, "(#100) Invalid parameter");
    }
    if (payload.messaging_product !== "whatsapp")
      return graphError(400, 100, "(#100) The parameter messaging_product is required.");
    if (typeof payload.to !== "string" || !/^\d{8,15}$/.test(payload.to)) return graphError(400, 100, "(#100) Invalid parameter");
    if (payload.type !== "template" || !payload.template) return graphError(400, 100, "(#100) Param template is required");
    if (!options.templates.includes(payload.template.name) || !["pt_BR", "en"].includes(payload.template.language?.code)) {
      return graphError(404, 132001, "(#132001) Template name does not exist in the translation");
    }
    const parameters = payload.template.components?.[0]?.parameters;
    if (!Array.isArray(parameters) || parameters.length !== 3 || parameters.some((p: any) => p.type !== "text" || !p.text)) {
      return graphError(400, 132000, "(#132000) Number of parameters does not match the expected number of params");
    }
    return {
      status: 200,
      body: {
        messaging_product: "whatsapp",
        contacts: [{ input: payload.to, wa_id: payload.to }],
        messages: [{ id: `wamid.${randomBytes(24).toString("base64url")}` }],
      },
    };
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** What WHATSAPP_API_URL is set to: the base, version included. */
    url: `http://127.0.0.1:${port}/v21.0`,
    requests,
    /** The requests to this recipient (E.164 digits). */
    to: (number: string) => requests.filter((request) => recipientOf(request) === number),
    failNext(number: string, ...answers: GraphAnswer[]) {
      queued.set(number, [...(queued.get(number) ?? []), ...answers]);
    },
    async waitFor(number: string, count: number, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = requests.filter((request) => recipientOf(request) === number);
        if (found.length >= count) return found;
        if (Date.now() > deadline) throw new Error(`${found.length} of ${count} Graph API requests to ${number} arrived`);
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

export type FakeWhatsapp = Awaited<ReturnType<typeof startFakeWhatsapp>>;
export { graphError };

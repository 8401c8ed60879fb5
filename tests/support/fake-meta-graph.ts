import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { GraphLead } from "@/lib/channels/meta-fetch/map-meta-lead";

export interface GraphLeadRequest {
  path: string;
  leadgenId: string;
  accessToken: string | null;
  fields: string | null;
  at: number;
}

export interface GraphAnswer {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

/** The Graph API's documented error body: `{"error":{"message","type","code","error_subcode"?,"is_transient"?,"fbtrace_id"}}`. */
export function graphError(
  status: number,
  code: number,
  message: string,
  extra: { type?: string; error_subcode?: number; is_transient?: boolean } = {},
): GraphAnswer {
  return {
    status,
    body: {
      error: {
        message,
        type: extra.type ?? "OAuthException",
        code,
        ...(extra.error_subcode === undefined ? {} : { error_subcode: extra.error_subcode }),
        ...(extra.is_transient === undefined ? {} : { is_transient: extra.is_transient }),
        fbtrace_id: randomBytes(8).toString("base64url"),
      },
    },
  };
}

/** A temporary failure as the Graph API documents it (code 2, "Service temporarily unavailable", is_transient). */
export const TRANSIENT_ERROR = graphError(503, 2, "An unexpected error has occurred. Please retry your request later.", {
  is_transient: true,
});

/** An expired page token (code 190, subcode 463): retrying does not help. */
export const EXPIRED_TOKEN_ERROR = graphError(
  400,
  190,
  "Error validating access token: Session has expired on Friday, 27-Nov-26 10:00:00 PST.",
  { error_subcode: 463 },
);

/**
 * A local Graph API for Meta Lead Ads: `GET /v21.0/<leadgen_id>?access_token=…&fields=…` answers the Lead object
 * of a lead added with `addLead` (only the fields asked for, as the Graph API does), for the right page token.
 * Otherwise the documented errors: 400 code 190 (bad token), 400 code 100 subcode 33 (no such object). `failNext`
 * queues answers for one lead, each used once (e.g. a transient 503, then the lead); `failAlways` answers one lead
 * with an error every time; `down()` closes the port (connections refused) and `up()` opens it again; `port`
 * listens on a chosen port.
 */
export async function startFakeMetaGraph(options: { accessToken: string; port?: number }) {
  const requests: GraphLeadRequest[] = [];
  const leads = new Map<string, GraphLead>();
  const queued = new Map<string, GraphAnswer[]>();
  const always = new Map<string, GraphAnswer>();

  function answer(request: GraphLeadRequest): GraphAnswer {
    const next = queued.get(request.leadgenId)?.shift() ?? always.get(request.leadgenId);
    if (next) return next;
    if (request.accessToken !== options.accessToken) {
      return graphError(400, 190, "Invalid OAuth access token - Cannot parse access token");
    }
    const lead = leads.get(request.leadgenId);
    if (!lead) {
      return graphError(
        400,
        100,
        `Unsupported get request. Object with ID '${request.leadgenId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
        { type: "GraphMethodException", error_subcode: 33 },
      );
    }
    const fields = (request.fields ?? "id,created_time").split(",");
    const body = Object.fromEntries(
      Object.entries(lead).filter(([key]) => key === "id" || fields.includes(key)),
    ) as Partial<GraphLead>;
    return { status: 200, body };
  }

  const server = http.createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? "/", "http://graph.local");
    const match = /^\/v21\.0\/([^/]+)$/.exec(url.pathname);
    if (incoming.method !== "GET" || !match) {
      const error = graphError(400, 100, "Unsupported request - method type: get", { type: "GraphMethodException" });
      outgoing.writeHead(error.status, { "content-type": "application/json" }).end(JSON.stringify(error.body));
      return;
    }
    const request: GraphLeadRequest = {
      path: url.pathname,
      leadgenId: decodeURIComponent(match[1]!),
      accessToken: url.searchParams.get("access_token"),
      fields: url.searchParams.get("fields"),
      at: Date.now(),
    };
    requests.push(request);
    const reply = answer(request);
    outgoing.writeHead(reply.status, { "content-type": "application/json; charset=UTF-8", ...reply.headers });
    outgoing.end(JSON.stringify(reply.body));
  });

  let port = options.port ?? 0;
  async function up(): Promise<void> {
    if (server.listening) return;
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  }
  async function down(): Promise<void> {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await up();

  return {
    /** The base for META_GRAPH_URL (without the version). */
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    requests,
    /** The fetches of one lead so far. */
    fetchesOf(leadgenId: string): GraphLeadRequest[] {
      return requests.filter((request) => request.leadgenId === leadgenId);
    },
    addLead(lead: GraphLead): void {
      leads.set(lead.id, lead);
    },
    failNext(leadgenId: string, ...answers: GraphAnswer[]): void {
      queued.set(leadgenId, [...(queued.get(leadgenId) ?? []), ...answers]);
    },
    failAlways(leadgenId: string, answer: GraphAnswer): void {
      always.set(leadgenId, answer);
    },
    up,
    down,
    close: down,
  };
}

export type FakeMetaGraph = Awaited<ReturnType<typeof startFakeMetaGraph>>;

/**
 * A Lead object as the Graph API documents it (`created_time`, `id`, `field_data` of `{name, values}`, the ad's
 * and campaign's ids and names, `form_id`, `platform`, `is_organic`).
 */
export function graphLead(id: string, answers: Record<string, string | string[]>, ad: Partial<GraphLead> = {}): GraphLead {
  return {
    created_time: "2026-11-27T21:14:03+0000",
    id,
    field_data: Object.entries(answers).map(([name, value]) => ({ name, values: Array.isArray(value) ? value : [value] })),
    ad_id: "120210000000000001",
    ad_name: "Black Friday – carrossel",
    adset_name: "São Paulo 25-45",
    campaign_id: "120210000000000000",
    campaign_name: "Black Friday 2026",
    form_id: "1234567890123456",
    platform: "fb",
    is_organic: false,
    ...ad,
  };
}

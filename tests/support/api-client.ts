import * as catchAll from "@/app/api/v1/[...path]/route";
import * as fields from "@/app/api/v1/fields/route";
import * as lead from "@/app/api/v1/leads/[id]/route";
import * as leads from "@/app/api/v1/leads/route";
import * as linkAssignment from "@/app/api/v1/links/[id]/assignment/route";
import * as linkForm from "@/app/api/v1/links/[id]/form/route";
import * as revoke from "@/app/api/v1/links/[id]/revoke/route";
import * as linkStats from "@/app/api/v1/links/[id]/stats/route";
import * as links from "@/app/api/v1/links/route";
import * as members from "@/app/api/v1/members/route";
import * as openapi from "@/app/api/v1/openapi.json/route";
import * as campaignReport from "@/app/api/v1/reports/campaigns/route";
import * as webhook from "@/app/api/v1/webhooks/[id]/route";
import * as webhooks from "@/app/api/v1/webhooks/route";

type Handler = (request: Request, context: { params: Promise<any> }) => Promise<Response> | Response;

/** The route of a path under /api/v1, and its parameters, as Next.js's router would find them. */
function resolve(path: string): { module: Record<string, Handler>; params: Record<string, unknown> } {
  const [pathname] = path.split("?");
  const parts = pathname!
    .replace(/^\/api\/v1\/?/, "")
    .split("/")
    .filter(Boolean);
  const [resource, id, action] = parts;
  if (parts.length === 1 && resource === "leads") return { module: leads as never, params: {} };
  if (parts.length === 2 && resource === "leads") return { module: lead as never, params: { id } };
  if (parts.length === 1 && resource === "links") return { module: links as never, params: {} };
  if (parts.length === 3 && resource === "links" && action === "revoke") return { module: revoke as never, params: { id } };
  if (parts.length === 3 && resource === "links" && action === "form") return { module: linkForm as never, params: { id } };
  if (parts.length === 3 && resource === "links" && action === "stats") return { module: linkStats as never, params: { id } };
  if (parts.length === 2 && resource === "reports" && id === "campaigns") return { module: campaignReport as never, params: {} };
  if (parts.length === 3 && resource === "links" && action === "assignment")
    return { module: linkAssignment as never, params: { id } };
  if (parts.length === 1 && resource === "members") return { module: members as never, params: {} };
  if (parts.length === 1 && resource === "fields") return { module: fields as never, params: {} };
  if (parts.length === 1 && resource === "webhooks") return { module: webhooks as never, params: {} };
  if (parts.length === 2 && resource === "webhooks") return { module: webhook as never, params: { id } };
  if (parts.length === 1 && resource === "openapi.json") return { module: openapi as never, params: {} };
  return { module: catchAll as never, params: { path: parts } };
}

export interface ApiCallOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The API key; omitted: no Authorization header. */
  key?: string;
  headers?: Record<string, string>;
  /** Objects are sent as JSON; strings as they are. */
  body?: unknown;
}

/** Calls the real route handler of an /api/v1 path, as Next.js would. */
export async function api(path: string, options: ApiCallOptions = {}): Promise<Response> {
  const method = options.method ?? "GET";
  const { module, params } = resolve(path);
  const handler = module[method];
  if (!handler) throw new Error(`no ${method} handler for ${path}`);
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const request = new Request(`http://localhost:3000${path}`, { method, headers, body });
  return handler(request, { params: Promise.resolve(params) });
}

/** An API call's status, headers and parsed JSON body (undefined for an empty body). */
export async function apiJson(path: string, options: ApiCallOptions = {}) {
  const response = await api(path, options);
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    contentType: response.headers.get("content-type") ?? "",
    body: text ? (JSON.parse(text) as any) : undefined,
  };
}

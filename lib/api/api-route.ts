import { type ApiKeyNeed, assertApiKeyMay } from "@/lib/api-keys/api-key-rights";
import { type ApiCaller, authenticateApiKey } from "@/lib/api-keys/authenticate-api-key";
import type { AuditActor } from "@/lib/audit/record";
import { isDatabaseUnavailable } from "@/lib/db/errors";
import { AppError } from "@/lib/errors";
import { jsonResponse, problemResponse } from "@/lib/http/problem";
import { assertAcceptableBody, parseJsonObject, readBody } from "@/lib/http/read-body";
import { clientIp } from "@/lib/http/request-meta";
import { log } from "@/lib/log";
import { enforceApiRateLimit } from "./api-rate-limit";

/** What a handler gets: the caller (its workspace is the only one it sees), the request and the path's parameters. */
export interface ApiRequest<Params> {
  caller: ApiCaller;
  /** The key as the audit log names who made a change (DESIGN.md section 9). */
  actor: AuditActor;
  request: Request;
  params: Params;
  /** The JSON object sent as the body (problem+json 400/413/415 before the handler otherwise). */
  json(): Promise<Record<string, unknown>>;
}

/** A handler's answer: JSON with a status, or nothing (204). */
export type ApiReply = { status: number; body?: unknown };

type RouteContext<Params> = { params: Promise<Params> };

const BODY_TIMEOUT_MS = 10_000;
const RETRY_AFTER_UNAVAILABLE = 5;

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) {
    return new AppError("service_unavailable", "The database is unavailable. Retry in a few seconds.", {
      retryAfter: RETRY_AFTER_UNAVAILABLE,
      cause: error,
    });
  }
  log.error({ err: error }, "management API request failed unexpectedly");
  return new AppError("internal_error", "An unexpected error occurred. It has been logged; the request may be retried.");
}

async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const received = await readBody(request, BODY_TIMEOUT_MS);
  assertAcceptableBody(received);
  return parseJsonObject(received.text);
}

/**
 * The one wrapper around every /api/v1 operation (DESIGN.md section 8): authenticates the API key (401),
 * counts the request against the key's rate limit (429), checks that the key may do what the operation needs
 * (403: its scope, and its maker's current role, whichever allows less), runs the handler,
 * and turns every failure into problem+json. Handlers call domain functions with `caller.workspaceId`, so
 * another workspace's ids are simply not found (404).
 */
export function apiRoute<Params = Record<string, never>>(
  need: ApiKeyNeed,
  handler: (request: ApiRequest<Params>) => Promise<ApiReply>,
) {
  return async (request: Request, context: RouteContext<Params>): Promise<Response> => {
    let budget: Record<string, string> = {};
    try {
      const caller = await authenticateApiKey(request.headers.get("authorization"));
      budget = await enforceApiRateLimit(caller.keyId);
      assertApiKeyMay(caller.scope, caller.makerRole, need);
      const params = await context.params;
      const actor: AuditActor = { kind: "api_key", keyId: caller.keyId, ip: clientIp(request) };
      const reply = await handler({ caller, actor, request, params, json: () => readJsonObject(request) });
      if (reply.status === 204) return new Response(null, { status: 204, headers: { ...budget, "Cache-Control": "no-store" } });
      return jsonResponse(reply.status, reply.body, budget);
    } catch (error) {
      const appError = toAppError(error);
      const headers: Record<string, string> = { ...budget };
      if (appError.code === "unauthorized") headers["WWW-Authenticate"] = 'Bearer realm="leadlink"';
      return problemResponse(appError, headers);
    }
  };
}

/** A documented operation that is not available yet: 501 problem+json, once the key and its scope are checked. */
export function notImplemented(what: string): AppError {
  return new AppError("not_implemented", `${what} is not available in this version of Leadlink yet.`);
}

/**
 * The handler for the methods a path does not offer: 405 problem+json with `Allow`, rather than Next.js's
 * empty 405, so that every answer of the API is JSON. Before any key check: the method is wrong for anyone.
 */
export function apiMethodNotAllowed(allow: string) {
  return async (request: Request): Promise<Response> =>
    problemResponse(new AppError("method_not_allowed", `${request.method} is not an operation of this path; use ${allow}.`), {
      Allow: allow,
    });
}

import { AppError, type FieldIssue } from "@/lib/errors";

/** What each error code means over HTTP. Domain code only knows the codes. */
const PROBLEMS: Record<string, { status: number; title: string }> = {
  invalid_json: { status: 400, title: "The body is not valid JSON" },
  body_not_object: { status: 400, title: "The body is not a JSON object" },
  bad_request: { status: 400, title: "Bad request" },
  unauthorized: { status: 401, title: "Sign in required" },
  forbidden: { status: 403, title: "Forbidden" },
  origin_not_allowed: { status: 403, title: "Origin not allowed" },
  not_found: { status: 404, title: "Not found" },
  capture_link_not_found: { status: 404, title: "Capture link not found" },
  method_not_allowed: { status: 405, title: "Method not allowed" },
  request_timeout: { status: 408, title: "Request timeout" },
  conflict: { status: 409, title: "Conflict" },
  capture_link_revoked: { status: 410, title: "Capture link revoked" },
  payload_too_large: { status: 413, title: "Payload too large" },
  unsupported_media_type: { status: 415, title: "Unsupported media type" },
  validation_failed: { status: 422, title: "Validation failed" },
  idempotency_key_reused: { status: 422, title: "Idempotency key reused" },
  rate_limited: { status: 429, title: "Too many requests" },
  internal_error: { status: 500, title: "Internal error" },
  service_unavailable: { status: 503, title: "Service unavailable" },
};

export function problemStatus(code: string): number {
  return PROBLEMS[code]?.status ?? 400;
}

// JSON answers carry only nosniff: they are not pages (no CSP or framing to speak of), and the ingest
// endpoint, the hot path, stays outside proxy.ts, which gives the admin pages their security headers.

/** An RFC 9457 problem document. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  code: string;
  detail: string;
  errors?: FieldIssue[];
}

export function toProblem(error: AppError, baseUrl: string): Problem {
  const known = PROBLEMS[error.code];
  return {
    type: new URL(`/problems/${error.code}`, baseUrl).toString(),
    title: known?.title ?? error.code.replace(/_/g, " "),
    status: known?.status ?? 400,
    code: error.code,
    detail: error.message,
    ...(error.errors ? { errors: error.errors } : {}),
  };
}

export function problemResponse(error: AppError, baseUrl: string, headers: Record<string, string> = {}): Response {
  const problem = toProblem(error, baseUrl);
  return new Response(JSON.stringify(problem), {
    status: problem.status,
    headers: {
      ...headers,
      "Content-Type": "application/problem+json",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      ...(error.retryAfter !== undefined ? { "Retry-After": String(Math.max(1, Math.ceil(error.retryAfter))) } : {}),
    },
  });
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...headers, "Content-Type": "application/json", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}

import { ERROR_CODES, type ErrorCode } from "@/lib/error-codes";
import type { AppError, FieldIssue } from "@/lib/errors";
import { publicBaseUrl } from "./public-base-url";

// JSON answers carry only nosniff: they are not pages (no CSP or framing to speak of), and the ingest
// endpoint, the hot path, stays outside proxy.ts, which gives the admin pages their security headers.

/** An RFC 9457 problem document. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  code: ErrorCode;
  detail: string;
  errors?: FieldIssue[];
}

/** The problem document of an error; its `type` is the code's page under PUBLIC_BASE_URL, never under the request's Host. */
export function toProblem(error: AppError): Problem {
  const { title, status } = ERROR_CODES[error.code];
  return {
    type: new URL(`/problems/${error.code}`, publicBaseUrl()).toString(),
    title,
    status,
    code: error.code,
    detail: error.message,
    ...(error.errors ? { errors: error.errors } : {}),
  };
}

export function problemResponse(error: AppError, headers: Record<string, string> = {}): Response {
  const problem = toProblem(error);
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

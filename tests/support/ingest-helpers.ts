import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, vi } from "vitest";
import * as route from "@/app/ingest/[captureLink]/route";
import type { Database } from "@/lib/db/client";
import type { LinkStatus } from "@/lib/db/generated/enums";
import { resetEnv } from "@/lib/env";
import { createLink, createWorkspace } from "./fixtures";

export { cnpj, cpf } from "./documents";

type Method = "POST" | "OPTIONS" | "GET" | "HEAD" | "PUT" | "PATCH" | "DELETE";

export interface RawOptions {
  method?: Method;
  /** Sent exactly as given: no Content-Type is added. */
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

/**
 * Calls the real route handler with exactly the headers and body given (ingest-client's `send` always
 * adds a JSON Content-Type). The token is passed as the route parameter as Next.js decodes it; the URL
 * uses a harmless placeholder when the token cannot be percent-encoded (lone surrogates).
 */
export async function raw(token: string, options: RawOptions = {}): Promise<Response> {
  const method = options.method ?? "POST";
  let segment: string;
  try {
    segment = encodeURIComponent(token);
  } catch {
    segment = "unencodable";
  }
  const request = new Request(`http://localhost:3000/ingest/${segment}`, {
    method,
    headers: options.headers ?? {},
    body: method === "GET" || method === "HEAD" ? undefined : (options.body as BodyInit | undefined),
  });
  return route[method](request, { params: Promise.resolve({ captureLink: token }) });
}

/** POSTs a JSON text (or bytes) with Content-Type application/json plus the given headers. */
export function postText(token: string, body: string | Uint8Array, headers: Record<string, string> = {}) {
  return raw(token, { body, headers: { "content-type": "application/json", ...headers } });
}

export async function bodyOf(response: Response): Promise<Record<string, any>> {
  const text = await response.text();
  expect(text, "a response body").not.toBe("");
  return JSON.parse(text) as Record<string, any>;
}

const STACK_TRACE = /\n\s+at\s|node_modules|\.ts:\d+|<html|<!doctype/i;

/**
 * Checks an error answer: problem+json (RFC 9457) with exactly the contract's keys, the given status and
 * code, no stack trace or HTML. Returns the parsed problem.
 */
export async function expectProblem(response: Response, status: number, code: string): Promise<Record<string, any>> {
  const text = await response.text();
  expect(response.status, `status for ${code}: ${text.slice(0, 300)}`).toBe(status);
  expect(response.headers.get("content-type") ?? "").toMatch(/^application\/problem\+json\b/);
  expect(text).not.toMatch(STACK_TRACE);
  const problem = JSON.parse(text) as Record<string, any>;
  expect(problem.code).toBe(code);
  expect(problem.status).toBe(status);
  expect(typeof problem.type).toBe("string");
  expect(typeof problem.title).toBe("string");
  expect(typeof problem.detail).toBe("string");
  const keys = Object.keys(problem).sort();
  const base = ["code", "detail", "status", "title", "type"];
  expect(keys).toEqual("errors" in problem ? [...base, "errors"].sort() : base);
  if ("errors" in problem) {
    expect(Array.isArray(problem.errors)).toBe(true);
    for (const issue of problem.errors) expect(Object.keys(issue).sort()).toEqual(["code", "field", "message"]);
  }
  return problem;
}

/** Asserts a response is not a server error and carries no stack trace or HTML; returns the body text. */
export async function expectNoServerError(response: Response): Promise<string> {
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBeLessThan(500);
  expect(text).not.toMatch(STACK_TRACE);
  const type = response.headers.get("content-type") ?? "";
  if (response.status >= 400) expect(type).toMatch(/^application\/problem\+json\b/);
  else expect(type).toMatch(/^application\/json\b/);
  return text;
}

/** The field paths of a 422's `errors`, sorted. */
export function errorFields(problem: Record<string, any>): string[] {
  return (problem.errors as { field: string }[]).map((issue) => issue.field).sort();
}

export function uniqueEmail(prefix = "lead"): string {
  return `${prefix}.${randomBytes(5).toString("hex")}@example.com`;
}

/** A Brazilian mobile number (11 digits, national form) that no other test uses. */
export function uniquePhone(): string {
  return `119${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, "0")}`;
}

/** A fresh workspace with one active link. */
export async function setupLink(
  db: Database,
  options: { country?: string; allowedOrigins?: string[]; honeypotField?: string; rateLimit?: string; status?: LinkStatus } = {},
) {
  const workspace = await createWorkspace(db, { country: options.country });
  const { allowedOrigins, honeypotField, rateLimit, status } = options;
  const link = await createLink(db, workspace.id, { allowedOrigins, honeypotField, rateLimit, status });
  return { workspace, link, token: link.token };
}

export function leadCount(db: Database, workspaceId: string): Promise<number> {
  return db.prisma.lead.count({ where: { workspaceId } });
}

/** The link's submissions, oldest first (see inStoredOrder). */
export async function submissionsOf(db: Database, captureLinkId: string) {
  return inStoredOrder(db, await db.prisma.submission.findMany({ where: { captureLinkId } }));
}

/**
 * Submission rows in the order they were stored. receivedAt is the start of the transaction that wrote the
 * row, kept to the millisecond: two requests sent one after the other (a quick 429 after a lead) can share
 * it, and an ORDER BY receivedAt alone then gives them in whatever order the plan reads them. Rows of one
 * millisecond are put in the order of the transactions that wrote them (xmin), then of their place in the table.
 */
export async function inStoredOrder<T extends { id: string }>(db: Database, rows: T[]): Promise<T[]> {
  if (rows.length < 2) return rows;
  const order = await db.prisma.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM submissions WHERE id = ANY (${rows.map((row) => row.id)}::uuid[])
    ORDER BY received_at, xmin::text::bigint, ctid`;
  const position = new Map(order.map((row, index) => [row.id, index]));
  return [...rows].sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
}

/** A link's counters: the sum of its shards. */
export async function linkCounters(db: Database, captureLinkId: string): Promise<{ accepted: number; rejected: number }> {
  const sums = await db.prisma.captureLinkStats.aggregate({ where: { captureLinkId }, _sum: { accepted: true, rejected: true } });
  return { accepted: Number(sums._sum.accepted ?? 0), rejected: Number(sums._sum.rejected ?? 0) };
}

/**
 * For test files that send many requests to one link from one client: turns the ingest rate limit
 * (INGEST_RATE_LIMIT, default 120/min per link and client IP) off, since it is not what they test.
 */
export function withoutRateLimit(): void {
  beforeAll(() => {
    vi.stubEnv("INGEST_RATE_LIMIT", "off");
    resetEnv();
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    resetEnv();
  });
}

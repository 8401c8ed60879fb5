import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { resetEnv } from "@/lib/env";
import { ERROR_CODES, type ErrorCode, isErrorCode } from "@/lib/error-codes";
import { AppError } from "@/lib/errors";
import { toProblem } from "@/lib/http/problem";

const codes = Object.keys(ERROR_CODES) as ErrorCode[];

/** DESIGN.md section 3's codes and statuses, which integrators rely on. */
const INGEST_CONTRACT: Record<string, number> = {
  invalid_json: 400,
  body_not_object: 400,
  unsupported_media_type: 415,
  payload_too_large: 413,
  capture_link_not_found: 404,
  capture_link_revoked: 410,
  origin_not_allowed: 403,
  method_not_allowed: 405,
  validation_failed: 422,
  idempotency_key_reused: 422,
  rate_limited: 429,
  service_unavailable: 503,
};

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the error-code table", () => {
  it.each(codes)("%s has a status, a title and a /problems page's text", (code) => {
    const entry = ERROR_CODES[code];
    expect(Number.isInteger(entry.status) && entry.status >= 400 && entry.status <= 599).toBe(true);
    expect(entry.title.trim()).not.toBe("");
    expect(entry.summary.trim()).not.toBe("");
    expect(entry.fix.trim()).not.toBe("");
    // The page's backticked spans are code: an odd number of backticks would swallow the rest of the text.
    expect(entry.summary.split("`").length % 2).toBe(1);
    expect(entry.fix.split("`").length % 2).toBe(1);
    // /problems/<code> shows a page for exactly the codes of the table.
    expect(isErrorCode(code)).toBe(true);
  });

  it("keeps the ingest contract's codes and statuses (DESIGN.md section 3)", () => {
    for (const [code, status] of Object.entries(INGEST_CONTRACT)) {
      expect(isErrorCode(code), code).toBe(true);
      expect(ERROR_CODES[code as ErrorCode]).toMatchObject({ status, ingest: true });
    }
  });

  it("answers 404 for every *_not_found code", () => {
    for (const code of codes.filter((name) => name.endsWith("_not_found"))) expect(ERROR_CODES[code].status, code).toBe(404);
  });

  it("has no page for a code outside the table", () => {
    for (const name of ["no_such_code", "toString", "constructor", "__proto__"]) expect(isErrorCode(name), name).toBe(false);
  });

  it("holds every code thrown in lib/ and app/", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const thrown = new Set<string>();
    for (const file of [...sourceFiles(path.join(root, "lib")), ...sourceFiles(path.join(root, "app"))]) {
      for (const match of readFileSync(file, "utf8").matchAll(/new AppError\(\s*"([a-z_]+)"/g)) thrown.add(match[1]!);
    }
    expect(thrown.size).toBeGreaterThan(20);
    expect([...thrown].filter((code) => !isErrorCode(code))).toEqual([]);
  });

  it("turns an error into problem+json with the table's status and title, under PUBLIC_BASE_URL", () => {
    vi.stubEnv("PUBLIC_BASE_URL", "https://leads.example.com/");
    resetEnv();
    try {
      expect(toProblem(new AppError("slug_taken", "The slug is taken."))).toEqual({
        type: "https://leads.example.com/problems/slug_taken",
        title: "Slug taken",
        status: 409,
        code: "slug_taken",
        detail: "The slug is taken.",
      });
      expect(toProblem(new AppError("lead_not_found", "No lead.")).status).toBe(404);
    } finally {
      vi.unstubAllEnvs();
      resetEnv();
    }
  });
});

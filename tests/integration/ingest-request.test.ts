// DESIGN.md §3 "Request handling" and the error codes of "Responses": media types, the 64 KiB limit,
// bodies that are not JSON objects, CORS, methods, unknown/revoked links, origins, rate limits, database down.
import { afterEach, describe, expect, it, vi } from "vitest";
import { openDatabase, useDatabase } from "@/lib/db/client";
import { resetEnv } from "@/lib/env";
import { createTestDatabase, testDatabaseKind, useTestDatabase } from "../support/database";
import { createLink, testToken } from "../support/fixtures";
import { post } from "../support/ingest-client";
import {
  bodyOf,
  expectProblem,
  leadCount,
  postText,
  raw,
  setupLink,
  submissionsOf,
  uniqueEmail,
} from "../support/ingest-helpers";

const db = useTestDatabase();

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

const lead = () => JSON.stringify({ name: "Ana", email: uniqueEmail() });

describe("content types", () => {
  it.each([
    "application/json",
    "application/json; charset=utf-8",
    "Application/JSON; Charset=UTF-8",
    'application/json;charset="utf-8"',
    "text/plain;charset=UTF-8",
    "text/plain",
  ])("accepts %s with a JSON body (201)", async (contentType) => {
    const { token } = await setupLink(db.current);
    const response = await raw(token, { body: lead(), headers: { "content-type": contentType } });
    expect(response.status).toBe(201);
    expect((await bodyOf(response)).created).toBe(true);
  });

  it("decodes the body with the declared charset (ISO-8859-1)", async () => {
    const { token, workspace } = await setupLink(db.current);
    const bytes = Buffer.from(JSON.stringify({ name: "José Conceição", email: uniqueEmail() }), "latin1");
    const response = await raw(token, { body: bytes, headers: { "content-type": "application/json; charset=iso-8859-1" } });
    expect(response.status).toBe(201);
    const stored = await db.current.prisma.lead.findFirstOrThrow({ where: { workspaceId: workspace.id } });
    expect(stored.name).toBe("José Conceição");
  });

  it.each([
    ["application/x-www-form-urlencoded", "name=Ana&email=ana%40example.com"],
    ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna\r\n--x--'],
    ["application/xml", "<lead><name>Ana</name></lead>"],
    ["application/vnd.api+json", '{"name":"Ana"}'],
    ["text/html", '{"name":"Ana"}'],
  ])("refuses %s with 415 unsupported_media_type and records it", async (contentType, body) => {
    const { token, link, workspace } = await setupLink(db.current);
    const response = await raw(token, { body, headers: { "content-type": contentType } });
    await expectProblem(response, 415, "unsupported_media_type");
    expect(await leadCount(db.current, workspace.id)).toBe(0);
    const [submission] = await submissionsOf(db.current, link.id);
    expect(submission).toMatchObject({ outcome: "rejected", status: 415, errorCode: "unsupported_media_type", payload: body });
  });

  it("refuses a body without Content-Type with 415", async () => {
    const { token } = await setupLink(db.current);
    const response = await raw(token, { body: new TextEncoder().encode(lead()) });
    await expectProblem(response, 415, "unsupported_media_type");
  });
});

describe("body limit (64 KiB)", () => {
  /** A JSON object of exactly `size` bytes: a lead plus an unknown padding key. */
  function bodyOfSize(size: number): string {
    const head = `{"name":"Big","email":"${uniqueEmail()}","pad":"`;
    const tail = `"}`;
    return head + "a".repeat(size - head.length - tail.length) + tail;
  }

  it("accepts a body of exactly 65,536 bytes", async () => {
    const { token } = await setupLink(db.current);
    const body = bodyOfSize(64 * 1024);
    expect(Buffer.byteLength(body)).toBe(65_536);
    const response = await postText(token, body);
    expect(response.status).toBe(201);
  });

  it("refuses 65,537 bytes with 413 payload_too_large, writes no lead, records the request", async () => {
    const { token, link, workspace } = await setupLink(db.current);
    const response = await postText(token, bodyOfSize(64 * 1024 + 1));
    await expectProblem(response, 413, "payload_too_large");
    expect(await leadCount(db.current, workspace.id)).toBe(0);
    const submissions = await submissionsOf(db.current, link.id);
    expect(submissions).toHaveLength(1);
    expect(submissions[0]).toMatchObject({ outcome: "rejected", status: 413, errorCode: "payload_too_large" });
    expect(Buffer.byteLength(submissions[0]!.payload ?? "")).toBeLessThanOrEqual(65_536);
  });

  it("refuses a multi-megabyte body with 413 (counted in bytes, not characters)", async () => {
    const { token } = await setupLink(db.current);
    const multibyte = `{"name":"${"é".repeat(40_000)}"}`; // 40,011 characters, 80,011 bytes
    await expectProblem(await postText(token, multibyte), 413, "payload_too_large");
    await expectProblem(await postText(token, `{"pad":"${"x".repeat(3_000_000)}"}`), 413, "payload_too_large");
  });
});

describe("bodies that are not a JSON object", () => {
  it.each(["{", "{'name': 'Ana'}", '{"name": "Ana",}', '{"name": "Ana"} trailing', "", "   \n\t ", "undefined", "NaN"])(
    "answers 400 invalid_json to %j and records it",
    async (body) => {
      const { token, link, workspace } = await setupLink(db.current);
      await expectProblem(await postText(token, body), 400, "invalid_json");
      expect(await leadCount(db.current, workspace.id)).toBe(0);
      expect(await submissionsOf(db.current, link.id)).toMatchObject([
        { outcome: "rejected", status: 400, errorCode: "invalid_json" },
      ]);
    },
  );

  it.each(["[]", '[{"name":"Ana"}]', '"Ana"', "42", "null", "true"])("answers 400 body_not_object to %s", async (body) => {
    const { token, link, workspace } = await setupLink(db.current);
    await expectProblem(await postText(token, body), 400, "body_not_object");
    expect(await leadCount(db.current, workspace.id)).toBe(0);
    expect(await submissionsOf(db.current, link.id)).toMatchObject([
      { status: 400, errorCode: "body_not_object", payload: body },
    ]);
  });
});

describe("CORS", () => {
  it("answers a preflight with 204 and the grant", async () => {
    const { token } = await setupLink(db.current);
    const response = await raw(token, {
      method: "OPTIONS",
      headers: {
        origin: "https://landing.example.com",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type, idempotency-key",
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toMatch(/^(\*|https:\/\/landing\.example\.com)$/);
    expect(response.headers.get("access-control-allow-methods")).toContain("POST");
    const allowed = (response.headers.get("access-control-allow-headers") ?? "").toLowerCase();
    expect(allowed).toContain("content-type");
    expect(allowed).toContain("idempotency-key");
  });

  it("grants a preflight to an allowed origin of a restricted link and not to others", async () => {
    const { token } = await setupLink(db.current, { allowedOrigins: ["https://shop.example.com"] });
    const ok = await raw(token, {
      method: "OPTIONS",
      headers: { origin: "https://shop.example.com", "access-control-request-method": "POST" },
    });
    expect(ok.status).toBe(204);
    expect(ok.headers.get("access-control-allow-origin")).toBe("https://shop.example.com");
    const other = await raw(token, {
      method: "OPTIONS",
      headers: { origin: "https://evil.example.net", "access-control-request-method": "POST" },
    });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });

  const scenarios: [string, number, (token: string) => Promise<Response>][] = [
    ["201 created", 201, (token) => postText(token, lead())],
    ["400 invalid_json", 400, (token) => postText(token, "{")],
    ["400 body_not_object", 400, (token) => postText(token, "[]")],
    ["404 unknown link", 404, () => postText(testToken(), lead())],
    ["405 GET", 405, (token) => raw(token, { method: "GET" })],
    ["413 too large", 413, (token) => postText(token, `{"pad":"${"a".repeat(70_000)}"}`)],
    ["415 media type", 415, (token) => raw(token, { body: lead(), headers: { "content-type": "text/csv" } })],
    ["422 validation", 422, (token) => postText(token, '{"email":"not-an-email"}')],
  ];
  it.each(scenarios)("puts CORS headers on a %s answer", async (_name, status, request) => {
    const { token } = await setupLink(db.current);
    const response = await request(token);
    expect(response.status).toBe(status);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("puts CORS headers on a 410 answer", async () => {
    const { token } = await setupLink(db.current, { status: "revoked" });
    const response = await postText(token, lead(), { origin: "https://landing.example.com" });
    expect(response.status).toBe(410);
    expect(response.headers.get("access-control-allow-origin")).toMatch(/^(\*|https:\/\/landing\.example\.com)$/);
  });
});

describe("allowed origins", () => {
  const allowedOrigins = ["https://shop.example.com"];

  it("accepts a listed origin and grants it", async () => {
    const { token } = await setupLink(db.current, { allowedOrigins });
    const response = await postText(token, lead(), { origin: "https://shop.example.com" });
    expect(response.status).toBe(201);
    expect(response.headers.get("access-control-allow-origin")).toBe("https://shop.example.com");
  });

  it("grants a listed origin on an error answer too", async () => {
    const { token } = await setupLink(db.current, { allowedOrigins });
    const response = await postText(token, '{"email":"nope"}', { origin: "https://shop.example.com" });
    expect(response.status).toBe(422);
    expect(response.headers.get("access-control-allow-origin")).toBe("https://shop.example.com");
  });

  // Interpretation (DESIGN.md is silent): allowed origins are a browser (CORS) control, so a request with no
  // Origin header at all (a server, curl) is not refused by them.
  it("accepts a request without an Origin header", async () => {
    const { token } = await setupLink(db.current, { allowedOrigins });
    expect((await postText(token, lead())).status).toBe(201);
  });

  it.each(["https://evil.example.net", "http://shop.example.com", "null"])(
    "refuses origin %s with 403 origin_not_allowed, no CORS grant, no lead, one rejected submission",
    async (origin) => {
      const { token, link, workspace } = await setupLink(db.current, { allowedOrigins });
      const response = await postText(token, lead(), { origin });
      expect(response.headers.get("access-control-allow-origin")).toBeNull();
      await expectProblem(response, 403, "origin_not_allowed");
      expect(await leadCount(db.current, workspace.id)).toBe(0);
      expect(await submissionsOf(db.current, link.id)).toMatchObject([
        { outcome: "rejected", status: 403, errorCode: "origin_not_allowed", origin },
      ]);
    },
  );
});

describe("methods other than POST", () => {
  it.each(["GET", "PUT", "PATCH", "DELETE", "HEAD"] as const)("answers %s with 405 and Allow: POST, OPTIONS", async (method) => {
    const { token, link } = await setupLink(db.current);
    const response = await raw(token, {
      method,
      body: method === "GET" || method === "HEAD" ? undefined : lead(),
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    if (method !== "HEAD") await expectProblem(response, 405, "method_not_allowed");
    expect(await submissionsOf(db.current, link.id)).toMatchObject([
      { outcome: "rejected", status: 405, errorCode: "method_not_allowed" },
    ]);
  });

  it("answers 405 on an unknown link too", async () => {
    const response = await raw(testToken(), { method: "GET" });
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
    await expectProblem(response, 405, "method_not_allowed");
  });
});

describe("unknown and revoked links", () => {
  it.each([testToken(), "cl_short", "not-a-token", `CL_${"a".repeat(22)}`])(
    "answers 404 capture_link_not_found for %s and records nothing",
    async (token) => {
      const before = await db.current.prisma.submission.count();
      await expectProblem(await postText(token, lead()), 404, "capture_link_not_found");
      expect(await db.current.prisma.submission.count()).toBe(before);
    },
  );

  it("answers 410 capture_link_revoked, writes no lead and records the request", async () => {
    const { token, link, workspace } = await setupLink(db.current, { status: "revoked" });
    await expectProblem(await postText(token, lead()), 410, "capture_link_revoked");
    expect(await leadCount(db.current, workspace.id)).toBe(0);
    expect(await submissionsOf(db.current, link.id)).toMatchObject([
      { outcome: "rejected", status: 410, errorCode: "capture_link_revoked" },
    ]);
  });

  it("answers 410 as soon as an active link is revoked", async () => {
    const { token, link } = await setupLink(db.current);
    expect((await post(token, { email: uniqueEmail() })).status).toBe(201);
    await db.current.prisma.captureLink.update({ where: { id: link.id }, data: { status: "revoked", revokedAt: new Date() } });
    const { invalidateCaptureLinks } = await import("@/lib/cache/capture-links");
    invalidateCaptureLinks();
    await expectProblem(await postText(token, lead()), 410, "capture_link_revoked");
  });

  it("stores no lead through a revoked link that another instance still has cached as active", async () => {
    // The cache is per process: an instance other than the one that revoked the link keeps its copy for the
    // cache's TTL. Here the link is revoked behind this process's back, which leaves it exactly as stale.
    const { token, link, workspace } = await setupLink(db.current);
    expect((await post(token, { email: uniqueEmail() })).status).toBe(201);
    await db.current.prisma.captureLink.update({ where: { id: link.id }, data: { status: "revoked", revokedAt: new Date() } });
    await expectProblem(await postText(token, lead()), 410, "capture_link_revoked");
    expect(await leadCount(db.current, workspace.id)).toBe(1);
    expect(await submissionsOf(db.current, link.id)).toContainEqual(
      expect.objectContaining({ outcome: "rejected", status: 410, errorCode: "capture_link_revoked" }),
    );
  });
});

describe("rate limit (INGEST_RATE_LIMIT, per link and client IP)", () => {
  it("answers 429 rate_limited with Retry-After once the limit is reached, per client IP", async () => {
    vi.stubEnv("INGEST_RATE_LIMIT", "2/min");
    resetEnv();
    const { token } = await setupLink(db.current);
    const from = (ip: string) => ({ "x-leadlink-remote-addr": ip });
    expect((await postText(token, lead(), from("203.0.113.7"))).status).toBe(201);
    expect((await postText(token, lead(), from("203.0.113.7"))).status).toBe(201);
    const limited = await postText(token, lead(), from("203.0.113.7"));
    await expectProblem(limited, 429, "rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("access-control-allow-origin")).toBe("*");
    expect((await postText(token, lead(), from("203.0.113.8"))).status).toBe(201);
  });

  it("lets a link override the default (off)", async () => {
    vi.stubEnv("INGEST_RATE_LIMIT", "1/min");
    resetEnv();
    const workspace = await db.current.prisma.workspace.findFirstOrThrow();
    const link = await createLink(db.current, workspace.id);
    await db.current.prisma.captureLink.update({ where: { id: link.id }, data: { rateLimit: "off" } });
    const { invalidateCaptureLinks } = await import("@/lib/cache/capture-links");
    invalidateCaptureLinks();
    for (let i = 0; i < 3; i++)
      expect((await postText(link.token, lead(), { "x-leadlink-remote-addr": "203.0.113.9" })).status).toBe(201);
  });
});

describe("database unavailable", () => {
  it("answers 503 service_unavailable with Retry-After, as problem+json with CORS", async () => {
    const down =
      testDatabaseKind === "postgres"
        ? await openDatabase({ kind: "postgres", url: "postgres://postgres@127.0.0.1:1/leadlink_down", poolSize: 1 })
        : await (async () => {
            const created = await createTestDatabase();
            await created.dispose();
            return created.database;
          })();
    useDatabase(down);
    try {
      const response = await postText(testToken(), lead());
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      await expectProblem(response, 503, "service_unavailable");
    } finally {
      useDatabase(db.current);
      if (testDatabaseKind === "postgres") await down.close().catch(() => {});
    }
  });
});

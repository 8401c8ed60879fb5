// DESIGN.md §3 "Responses": 201/200 bodies with exactly {leadId, created, warnings}, and every error as
// application/problem+json {type, title, status, code, detail, errors?}, never HTML, never a stack trace.
import { describe, expect, it, vi } from "vitest";
import { resetEnv } from "@/lib/env";
import { useTestDatabase } from "../support/database";
import { testToken } from "../support/fixtures";
import { bodyOf, expectProblem, postText, raw, setupLink, uniqueEmail } from "../support/ingest-helpers";

const db = useTestDatabase();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

describe("accepted", () => {
  it("answers a new lead with 201 and exactly {leadId, created: true, warnings: []}", async () => {
    const { token } = await setupLink(db.current);
    const response = await postText(token, JSON.stringify({ name: "Ana", email: uniqueEmail() }));
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toMatch(/^application\/json\b/);
    const body = await bodyOf(response);
    expect(Object.keys(body).sort()).toEqual(["created", "leadId", "warnings"]);
    expect(body.leadId).toMatch(UUID);
    expect(body.created).toBe(true);
    expect(body.warnings).toEqual([]);
    expect(await db.current.prisma.lead.findUnique({ where: { id: body.leadId } })).not.toBeNull();
  });

  it("answers an update with 200, the existing lead's id and created: false", async () => {
    const { token } = await setupLink(db.current);
    const email = uniqueEmail();
    const first = await bodyOf(await postText(token, JSON.stringify({ email })));
    const response = await postText(token, JSON.stringify({ email, name: "Ana" }));
    expect(response.status).toBe(200);
    const body = await bodyOf(response);
    expect(Object.keys(body).sort()).toEqual(["created", "leadId", "warnings"]);
    expect(body).toEqual({ leadId: first.leadId, created: false, warnings: [] });
  });

  it("lists warnings as {field, code, message}", async () => {
    const { token } = await setupLink(db.current);
    const body = await bodyOf(await postText(token, JSON.stringify({ email: uniqueEmail(), shoeSize: 42 })));
    expect(body.warnings).toEqual([{ field: "shoeSize", code: expect.any(String), message: expect.any(String) }]);
  });
});

describe("errors are problem+json", () => {
  const cases: [string, number, string, (token: string) => Promise<Response>][] = [
    ["invalid JSON", 400, "invalid_json", (token) => postText(token, "{nope")],
    ["a JSON array", 400, "body_not_object", (token) => postText(token, "[1,2]")],
    ["an unknown link", 404, "capture_link_not_found", () => postText(testToken(), "{}")],
    ["GET", 405, "method_not_allowed", (token) => raw(token, { method: "GET" })],
    ["DELETE", 405, "method_not_allowed", (token) => raw(token, { method: "DELETE" })],
    ["a large body", 413, "payload_too_large", (token) => postText(token, `{"x":"${"y".repeat(66_000)}"}`)],
    [
      "a form post",
      415,
      "unsupported_media_type",
      (token) => raw(token, { body: "a=b", headers: { "content-type": "application/x-www-form-urlencoded" } }),
    ],
    ["an invalid field", 422, "validation_failed", (token) => postText(token, '{"email":"x"}')],
  ];

  it.each(cases)("for %s: %i %s", async (_name, status, code, request) => {
    const { token } = await setupLink(db.current);
    const response = await request(token);
    const problem = await expectProblem(response, status, code);
    expect(() => new URL(problem.type, "http://base.invalid")).not.toThrow();
    expect(problem.title.length).toBeGreaterThan(0);
    expect(problem.detail.length).toBeGreaterThan(0);
    if (code === "validation_failed")
      expect(problem.errors).toEqual([{ field: "email", code: expect.any(String), message: expect.any(String) }]);
    else expect(problem).not.toHaveProperty("errors");
  });

  it("for a revoked link: 410 capture_link_revoked", async () => {
    const { token } = await setupLink(db.current, { status: "revoked" });
    await expectProblem(await postText(token, "{}"), 410, "capture_link_revoked");
  });

  it("for a refused origin: 403 origin_not_allowed", async () => {
    const { token } = await setupLink(db.current, { allowedOrigins: ["https://ok.example.com"] });
    await expectProblem(await postText(token, "{}", { origin: "https://ko.example.com" }), 403, "origin_not_allowed");
  });

  it("gives the same type and title for the same code", async () => {
    const { token } = await setupLink(db.current);
    const first = await expectProblem(await postText(token, "{"), 400, "invalid_json");
    const second = await expectProblem(await postText(token, "{{"), 400, "invalid_json");
    expect([second.type, second.title]).toEqual([first.type, first.title]);
  });

  it("even when the client asks for HTML", async () => {
    const { token } = await setupLink(db.current);
    const response = await postText(token, "{", { accept: "text/html,application/xhtml+xml" });
    await expectProblem(response, 400, "invalid_json");
  });
});

describe("problem type", () => {
  async function problemFrom(host: string) {
    const route = await import("@/app/ingest/[captureLink]/route");
    const token = testToken();
    const request = new Request(`http://${host}/ingest/${token}`, {
      method: "POST",
      headers: { host, "content-type": "application/json" },
      body: "{}",
    });
    return bodyOf(await route.POST(request, { params: Promise.resolve({ captureLink: token }) }));
  }

  it("is under PUBLIC_BASE_URL, never under the Host the request names", async () => {
    vi.stubEnv("PUBLIC_BASE_URL", "https://leads.example.com");
    resetEnv();
    try {
      expect((await problemFrom("attacker.example")).type).toBe("https://leads.example.com/problems/capture_link_not_found");
    } finally {
      vi.unstubAllEnvs();
      resetEnv();
    }
  });

  it("is under the local port without PUBLIC_BASE_URL, whatever the Host", async () => {
    vi.stubEnv("PUBLIC_BASE_URL", "");
    vi.stubEnv("PORT", "3123");
    resetEnv();
    try {
      expect((await problemFrom("attacker.example")).type).toBe("http://localhost:3123/problems/capture_link_not_found");
    } finally {
      vi.unstubAllEnvs();
      resetEnv();
    }
  });
});

// DESIGN.md §3 "Submission log": every request that reaches an existing link is stored (accepted or
// rejected) with outcome, status, error code, field errors, payload, IP, user agent, origin, referer and
// Idempotency-Key; the link's counters (sum of capture_link_stats shards) count accepted and rejected.
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnv } from "@/lib/env";
import { useTestDatabase } from "../support/database";
import { testToken } from "../support/fixtures";
import { leadCount, linkCounters, postText, raw, setupLink, submissionsOf, uniqueEmail } from "../support/ingest-helpers";

const db = useTestDatabase();

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

const META = {
  "x-leadlink-remote-addr": "198.51.100.23",
  "user-agent": "Mozilla/5.0 (LeadlinkTest)",
  origin: "https://landing.example.com",
  referer: "https://landing.example.com/promo?x=1",
  "idempotency-key": "log-key-1",
};
const RECORDED_META = {
  ip: "198.51.100.23",
  userAgent: "Mozilla/5.0 (LeadlinkTest)",
  origin: "https://landing.example.com",
  referer: "https://landing.example.com/promo?x=1",
  idempotencyKey: "log-key-1",
};

describe("accepted requests", () => {
  it("store one row per request with outcome, status, payload and request metadata", async () => {
    const { token, link } = await setupLink(db.current);
    const email = uniqueEmail();
    const created = `{"email":"${email}","name":"Ana","utmSource":"ads"}`;
    const createdAnswer = await (await postText(token, created, META)).json();
    const updated = `{"email":"${email}","name":"Ana Maria"}`;
    await postText(token, updated, { ...META, "idempotency-key": "log-key-2" });

    const rows = await submissionsOf(db.current, link.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      ...RECORDED_META,
      outcome: "created",
      status: 201,
      errorCode: null,
      errors: null,
      payload: created,
      leadId: createdAnswer.leadId,
      utmSource: "ads",
    });
    expect(rows[1]).toMatchObject({
      ...RECORDED_META,
      idempotencyKey: "log-key-2",
      outcome: "updated",
      status: 200,
      errorCode: null,
      payload: updated,
      leadId: createdAnswer.leadId,
    });
    expect(rows[0]!.receivedAt).toBeInstanceOf(Date);
  });
});

describe("rejected requests", () => {
  type Case = [string, number, string, (token: string) => Promise<Response>, { allowedOrigins?: string[]; status?: "revoked" }?];
  const cases: Case[] = [
    ["invalid JSON", 400, "invalid_json", (token) => postText(token, "{oops", META)],
    ["a non-object", 400, "body_not_object", (token) => postText(token, "[1]", META)],
    [
      "a refused origin",
      403,
      "origin_not_allowed",
      (token) => postText(token, "{}", META),
      { allowedOrigins: ["https://other.example.com"] },
    ],
    [
      "PUT",
      405,
      "method_not_allowed",
      (token) => raw(token, { method: "PUT", body: "{}", headers: { ...META, "content-type": "application/json" } }),
    ],
    ["GET", 405, "method_not_allowed", (token) => raw(token, { method: "GET", headers: META })],
    ["a revoked link", 410, "capture_link_revoked", (token) => postText(token, "{}", META), { status: "revoked" }],
    ["a large body", 413, "payload_too_large", (token) => postText(token, `{"x":"${"y".repeat(70_000)}"}`, META)],
    [
      "a wrong media type",
      415,
      "unsupported_media_type",
      (token) => raw(token, { body: "{}", headers: { ...META, "content-type": "text/csv" } }),
    ],
    ["an invalid field", 422, "validation_failed", (token) => postText(token, '{"email":"bad","telephone":"1"}', META)],
  ];

  it.each(cases)(
    "store %s as one rejected row (%i %s) with the request metadata and no lead",
    async (_name, status, code, request, options) => {
      const { token, link, workspace } = await setupLink(db.current, options);
      const response = await request(token);
      expect(response.status).toBe(status);
      const rows = await submissionsOf(db.current, link.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ ...RECORDED_META, outcome: "rejected", status, errorCode: code, leadId: null });
      expect(await leadCount(db.current, workspace.id)).toBe(0);
      expect(await linkCounters(db.current, link.id)).toEqual({ accepted: 0, rejected: 1 });
    },
  );

  it("store the field errors and the payload of a 422", async () => {
    const { token, link } = await setupLink(db.current);
    const payload = '{"email":"bad","telephone":"1","birthday":"2023-02-29","extra":true}';
    await postText(token, payload);
    const [row] = await submissionsOf(db.current, link.id);
    expect(row!.payload).toBe(payload);
    const errors = row!.errors as { field: string; code: string; message: string }[];
    expect(errors.map((issue) => issue.field).sort()).toEqual(["birthday", "email", "telephone"]);
    for (const issue of errors) expect(Object.keys(issue).sort()).toEqual(["code", "field", "message"]);
  });

  it("store the warnings of a rejected request (unknown keys named)", async () => {
    const { token, link } = await setupLink(db.current);
    await postText(token, '{"email":"bad","favouriteColour":"blue"}');
    const [row] = await submissionsOf(db.current, link.id);
    expect(row!.status).toBe(422);
    expect((row!.warnings as { field: string }[]).map((warning) => warning.field)).toEqual(["favouriteColour"]);
  });

  it("store the 422 of a reused Idempotency-Key", async () => {
    const { token, link } = await setupLink(db.current);
    await postText(token, JSON.stringify({ email: uniqueEmail() }), { "idempotency-key": "dup" });
    await postText(token, JSON.stringify({ email: uniqueEmail() }), { "idempotency-key": "dup" });
    const rows = await submissionsOf(db.current, link.id);
    expect(rows.map((row) => [row.outcome, row.status, row.errorCode, row.idempotencyKey])).toEqual([
      ["created", 201, null, "dup"],
      ["rejected", 422, "idempotency_key_reused", "dup"],
    ]);
  });

  it("store nothing for an unknown link", async () => {
    const before = await db.current.prisma.submission.count();
    expect((await postText(testToken(), "{}", META)).status).toBe(404);
    expect(await db.current.prisma.submission.count()).toBe(before);
  });
});

describe("client IP", () => {
  async function recordedIp(headers: Record<string, string>): Promise<string | null> {
    const { token, link } = await setupLink(db.current);
    expect((await postText(token, JSON.stringify({ email: uniqueEmail() }), headers)).status).toBe(201);
    const [row] = await submissionsOf(db.current, link.id);
    return row!.ip;
  }

  it("is the socket address", async () => {
    expect(await recordedIp({ "x-leadlink-remote-addr": "203.0.113.5" })).toBe("203.0.113.5");
    expect(await recordedIp({ "x-leadlink-remote-addr": "2001:db8::17" })).toBe("2001:db8::17");
  });

  it("ignores X-Forwarded-For without TRUST_PROXY", async () => {
    vi.stubEnv("TRUST_PROXY", "");
    resetEnv();
    expect(await recordedIp({ "x-leadlink-remote-addr": "10.0.0.2", "x-forwarded-for": "203.0.113.99" })).toBe("10.0.0.2");
  });

  // The proxy appends the peer it saw; whatever stands left of it the client wrote itself.
  it("takes the proxy's (rightmost) X-Forwarded-For entry with TRUST_PROXY=1", async () => {
    vi.stubEnv("TRUST_PROXY", "1");
    resetEnv();
    expect(await recordedIp({ "x-leadlink-remote-addr": "10.0.0.2", "x-forwarded-for": "198.51.100.1, 203.0.113.99" })).toBe(
      "203.0.113.99",
    );
  });

  it("falls back to the socket address when X-Forwarded-For is garbage, with TRUST_PROXY=1", async () => {
    vi.stubEnv("TRUST_PROXY", "1");
    resetEnv();
    expect(await recordedIp({ "x-leadlink-remote-addr": "10.0.0.2", "x-forwarded-for": "not-an-ip" })).toBe("10.0.0.2");
  });
});

describe("link counters", () => {
  it("count accepted and rejected requests across shards and set the last received time", async () => {
    const { token, link } = await setupLink(db.current);
    const email = uniqueEmail();
    for (let i = 0; i < 6; i++)
      expect((await postText(token, JSON.stringify({ email, name: `Ana ${i}` }))).status).toBe(i === 0 ? 201 : 200);
    await postText(token, "{");
    await postText(token, '{"email":"x"}');
    await raw(token, { method: "GET" });
    expect(await linkCounters(db.current, link.id)).toEqual({ accepted: 6, rejected: 3 });
    const stats = await db.current.prisma.captureLinkStats.findMany({ where: { captureLinkId: link.id } });
    expect(stats.some((shard) => shard.lastReceivedAt instanceof Date)).toBe(true);
    expect((await submissionsOf(db.current, link.id)).length).toBe(9);
  });
});

// Hardening (issue 5, point 1): the ingest rate limit per capture link and client, through the real route
// handler on both databases (in-memory limiter on PGlite, the shared rate_limits table on PostgreSQL).
// Across several server processes: tests/e2e/hardening-rate-limit.spec.ts.
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnv } from "@/lib/env";
import { REMOTE_ADDRESS_HEADER } from "@/lib/http/request-meta";
import { testDatabaseKind, useTestDatabase } from "../support/database";
import { expectProblem, leadCount, postText, setupLink, submissionsOf, uniqueEmail } from "../support/ingest-helpers";

const db = useTestDatabase();

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

const lead = () => JSON.stringify({ name: "Ana", email: uniqueEmail() });
const fromSocket = (ip: string, extra: Record<string, string> = {}) => ({ [REMOTE_ADDRESS_HEADER]: ip, ...extra });

function stubEnv(values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
  resetEnv();
}

/** Sends `count` requests one after another and returns their statuses. */
async function statuses(token: string, count: number, headers: () => Record<string, string>): Promise<number[]> {
  const result: number[] = [];
  for (let i = 0; i < count; i++) result.push((await postText(token, lead(), headers())).status);
  return result;
}

const tally = (list: number[]) =>
  list.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

describe("the limit of a link (its own setting, else INGEST_RATE_LIMIT)", () => {
  it("accepts exactly the limit, then answers 429 rate_limited with a whole-second Retry-After and CORS", async () => {
    const { token, workspace } = await setupLink(db.current, { rateLimit: "3/min" });
    expect(await statuses(token, 3, () => fromSocket("203.0.113.10"))).toEqual([201, 201, 201]);
    const limited = await postText(token, lead(), fromSocket("203.0.113.10"));
    const retryAfter = limited.headers.get("retry-after") ?? "";
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    expect(limited.headers.get("access-control-allow-origin")).toBe("*");
    expect(limited.headers.get("access-control-expose-headers")).toContain("Retry-After");
    const problem = await expectProblem(limited, 429, "rate_limited");
    expect(problem.detail).toContain("3 per 60 s");
    expect(await leadCount(db.current, workspace.id)).toBe(3);
  });

  it("uses INGEST_RATE_LIMIT for links without their own limit, and a link's own limit over it", async () => {
    stubEnv({ INGEST_RATE_LIMIT: "2/min" });
    const plain = await setupLink(db.current);
    const generous = await setupLink(db.current, { rateLimit: "5/min" });
    const unlimited = await setupLink(db.current, { rateLimit: "off" });
    expect(tally(await statuses(plain.token, 6, () => fromSocket("203.0.113.11")))).toEqual({ 201: 2, 429: 4 });
    expect(tally(await statuses(generous.token, 6, () => fromSocket("203.0.113.11")))).toEqual({ 201: 5, 429: 1 });
    expect(tally(await statuses(unlimited.token, 6, () => fromSocket("203.0.113.11")))).toEqual({ 201: 6 });
  });

  it("INGEST_RATE_LIMIT=off lifts the default but not a link's own limit", async () => {
    stubEnv({ INGEST_RATE_LIMIT: "off" });
    const plain = await setupLink(db.current);
    const limited = await setupLink(db.current, { rateLimit: "1/min" });
    expect(tally(await statuses(plain.token, 5, () => fromSocket("203.0.113.12")))).toEqual({ 201: 5 });
    expect(tally(await statuses(limited.token, 3, () => fromSocket("203.0.113.12")))).toEqual({ 201: 1, 429: 2 });
  });

  it("counts per link: a client limited on one link may still post to another", async () => {
    const first = await setupLink(db.current, { rateLimit: "1/min" });
    const second = await setupLink(db.current, { rateLimit: "1/min" });
    expect(await statuses(first.token, 2, () => fromSocket("203.0.113.13"))).toEqual([201, 429]);
    expect(await statuses(second.token, 1, () => fromSocket("203.0.113.13"))).toEqual([201]);
  });

  it("counts rejected requests too: invalid bodies use up the limit", async () => {
    const { token } = await setupLink(db.current, { rateLimit: "2/min" });
    const invalid = () => postText(token, '{"email":"not an address"}', fromSocket("203.0.113.14"));
    expect((await invalid()).status).toBe(422);
    expect((await invalid()).status).toBe(422);
    await expectProblem(await postText(token, lead(), fromSocket("203.0.113.14")), 429, "rate_limited");
  });
});

describe("who a client is", () => {
  it("counts each IPv4 address on its own", async () => {
    const { token } = await setupLink(db.current, { rateLimit: "1/min" });
    expect(await statuses(token, 2, () => fromSocket("198.51.100.1"))).toEqual([201, 429]);
    expect(await statuses(token, 1, () => fromSocket("198.51.100.2"))).toEqual([201]);
  });

  it("counts an IPv6 /64 as one client: a fresh address per request does not escape", async () => {
    const { token } = await setupLink(db.current, { rateLimit: "2/min" });
    let host = 0;
    const rotating = () => fromSocket(`2001:db8:aa:bb::${(++host).toString(16)}`);
    expect(await statuses(token, 5, rotating)).toEqual([201, 201, 429, 429, 429]);
    // The neighbouring /64 is someone else.
    expect(await statuses(token, 1, () => fromSocket("2001:db8:aa:bc::1"))).toEqual([201]);
  });

  it("ignores X-Forwarded-For without TRUST_PROXY: a spoofed header does not escape the limit", async () => {
    stubEnv({ TRUST_PROXY: "" });
    const { token, link } = await setupLink(db.current, { rateLimit: "2/min" });
    let n = 0;
    const spoofing = () => fromSocket("203.0.113.20", { "x-forwarded-for": `192.0.2.${++n}` });
    expect(await statuses(token, 5, spoofing)).toEqual([201, 201, 429, 429, 429]);
    const recorded = await submissionsOf(db.current, link.id);
    for (const submission of recorded) expect(submission.ip).toBe("203.0.113.20");
  });

  it("with TRUST_PROXY=1, takes the client from the proxy's (rightmost) X-Forwarded-For entry", async () => {
    stubEnv({ TRUST_PROXY: "1" });
    const { token, link } = await setupLink(db.current, { rateLimit: "2/min" });
    const proxy = (xff: string) => () => fromSocket("10.0.0.2", { "x-forwarded-for": xff });
    // Two clients behind one proxy get a bucket each.
    expect(await statuses(token, 3, proxy("192.0.2.1"))).toEqual([201, 201, 429]);
    expect(await statuses(token, 3, proxy("192.0.2.2"))).toEqual([201, 201, 429]);
    // A client that writes its own X-Forwarded-For only adds entries to the left of the proxy's.
    let n = 0;
    expect(await statuses(token, 3, () => fromSocket("10.0.0.2", { "x-forwarded-for": `198.18.0.${++n}, 192.0.2.1` }))).toEqual([
      429, 429, 429,
    ]);
    const ips = new Set((await submissionsOf(db.current, link.id)).map((submission) => submission.ip));
    expect(ips).toEqual(new Set(["192.0.2.1", "192.0.2.2"]));
  });
});

describe("the submission log under a flood", () => {
  it("records the first 429 of a client's window, not every one after it", async () => {
    const { token, link, workspace } = await setupLink(db.current, { rateLimit: "2/min" });
    const results = await statuses(token, 12, () => fromSocket("203.0.113.30"));
    expect(tally(results)).toEqual({ 201: 2, 429: 10 });
    const recorded = await submissionsOf(db.current, link.id);
    expect(recorded.map((submission) => [submission.outcome, submission.status, submission.errorCode])).toEqual([
      ["created", 201, null],
      ["created", 201, null],
      ["rejected", 429, "rate_limited"],
    ]);
    // The recorded 429 keeps what the sender sent, like any rejection.
    expect(recorded[2]!.payload).toContain('"name":"Ana"');
    const stats = await db.current.prisma.captureLinkStats.aggregate({
      where: { captureLinkId: link.id },
      _sum: { accepted: true, rejected: true },
    });
    expect(stats._sum).toEqual({ accepted: 2n, rejected: 1n });
    expect(await leadCount(db.current, workspace.id)).toBe(2);

    // Another client's first 429 is recorded as well.
    await statuses(token, 4, () => fromSocket("203.0.113.31"));
    expect(
      (await submissionsOf(db.current, link.id)).filter((submission) => submission.errorCode === "rate_limited").map((s) => s.ip),
    ).toEqual(["203.0.113.30", "203.0.113.31"]);
  });
});

describe.runIf(testDatabaseKind === "postgres")("on PostgreSQL", () => {
  it("keeps the counters in the rate_limits table, where every instance reads them, and spares it a flood", async () => {
    const { token, link } = await setupLink(db.current, { rateLimit: "4/min" });
    expect(tally(await statuses(token, 12, () => fromSocket("203.0.113.40")))).toEqual({ 201: 4, 429: 8 });
    const rows = await db.current.pool!.query<{ key: string; points: number }>(
      "SELECT key, points FROM rate_limits WHERE key LIKE $1",
      [`%${link.id}%`],
    );
    // The first refusal reached the table; after it this process refused the client from memory.
    expect(rows.rows).toEqual([{ key: `ingest_4_60:${link.id}:203.0.113.40`, points: 5 }]);
  });
});

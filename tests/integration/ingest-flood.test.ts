// Issue 9, item 1: rejected requests bypassed the rate limit and filled the disk. 300 requests of 63 KiB
// from one address to a link that refuses their Origin got 300 × 403, no 429, and 300 stored rows
// (+19 MiB); the same to a revoked link (410) and with PUT (405). Now every request that reaches a link
// counts against its limit before its body is read or anything is stored: a flood of any kind adds at
// most the limit's worth of log entries per client and window, plus the first 429.
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PREFLIGHT_REFUSED } from "@/lib/capture/capture-route";
import type { Database } from "@/lib/db/client";
import { resetEnv } from "@/lib/env";
import { REMOTE_ADDRESS_HEADER } from "@/lib/http/request-meta";
import { useTestDatabase } from "../support/database";
import { expectProblem, leadCount, postText, raw, setupLink, submissionsOf } from "../support/ingest-helpers";

const db = useTestDatabase();

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

const FLOOD = 300;
const LIMIT = 10;
const ALLOWED = "https://shop.example.com";
const FOREIGN = "https://attacker.example.net";

/** About 63 KiB of JSON that does not compress (random base64), so the table grows by what is stored. */
const bigLead = () => JSON.stringify({ name: "Ana", pad: randomBytes(47 * 1024).toString("base64") });

/** The bytes of the submission log: the table, its TOAST table (the payloads) and its indexes. */
async function logBytes(database: Database): Promise<number> {
  const [row] = await database.prisma.$queryRaw<{ bytes: bigint }[]>`SELECT pg_total_relation_size('submissions') AS bytes`;
  return Number(row!.bytes);
}

type Flood = {
  name: string;
  status: number;
  code: string;
  link?: { allowedOrigins?: string[]; status?: "revoked" };
  /** The status answered, when it is not the recorded one (a refused preflight is answered 204 without a grant). */
  answered?: number;
  /** Whether the recorded entries keep the body. */
  keepsBody: boolean;
  send: (token: string, headers: Record<string, string>) => Promise<Response>;
};

const floods: Flood[] = [
  {
    name: "a disallowed Origin",
    status: 403,
    code: "origin_not_allowed",
    link: { allowedOrigins: [ALLOWED] },
    keepsBody: true,
    send: (token, headers) => postText(token, bigLead(), { ...headers, origin: FOREIGN }),
  },
  {
    name: "a revoked link",
    status: 410,
    code: "capture_link_revoked",
    link: { status: "revoked" },
    keepsBody: false,
    send: (token, headers) => postText(token, bigLead(), headers),
  },
  {
    name: "PUT",
    status: 405,
    code: "method_not_allowed",
    keepsBody: false,
    send: (token, headers) =>
      raw(token, { method: "PUT", body: bigLead(), headers: { ...headers, "content-type": "application/json" } }),
  },
  {
    name: "preflights from a disallowed Origin",
    status: 403,
    answered: 204,
    code: "origin_not_allowed",
    link: { allowedOrigins: [ALLOWED] },
    keepsBody: false,
    send: (token, headers) =>
      raw(token, {
        method: "OPTIONS",
        body: bigLead(),
        headers: { ...headers, origin: FOREIGN, "access-control-request-method": "POST" },
      }),
  },
  {
    name: "invalid JSON",
    status: 400,
    code: "invalid_json",
    keepsBody: true,
    send: (token, headers) => postText(token, bigLead().slice(0, -1), headers),
  },
];

describe.each(floods)("a flood of $name", ({ status, answered, code, link: linkOptions, keepsBody, send }) => {
  it(`adds at most the limit's worth of rows (+ the first 429): ${FLOOD} requests of 63 KiB, limit ${LIMIT}/min`, async () => {
    const { token, link, workspace } = await setupLink(db.current, { ...linkOptions, rateLimit: `${LIMIT}/min` });
    const ip = `203.0.113.${floods.findIndex((flood) => flood.send === send) + 50}`;
    const before = await logBytes(db.current);

    const statuses: number[] = [];
    let firstLimited: Response | undefined;
    for (let i = 0; i < FLOOD; i++) {
      const response = await send(token, { [REMOTE_ADDRESS_HEADER]: ip, "user-agent": "flood/1.0" });
      statuses.push(response.status);
      if (response.status === 429) firstLimited ??= response;
      else await response.body?.cancel();
    }
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(answered ?? status));
    expect(statuses.slice(LIMIT)).toEqual(Array(FLOOD - LIMIT).fill(429));
    await expectProblem(firstLimited!, 429, "rate_limited");

    const rows = await submissionsOf(db.current, link.id);
    expect(rows.length).toBeLessThanOrEqual(LIMIT + 1);
    // Rows written within one millisecond have no order of their own: compare them sorted (429 last).
    expect(rows.map((row) => [row.status, row.errorCode]).sort(([a], [b]) => Number(a) - Number(b))).toEqual([
      ...Array(LIMIT).fill([status, code]),
      [429, "rate_limited"],
    ]);
    expect(await leadCount(db.current, workspace.id)).toBe(0);
    const largest = Math.max(...rows.map((row) => Buffer.byteLength(row.payload ?? "")));
    if (keepsBody) expect(largest).toBeGreaterThan(60 * 1024);
    else expect(largest).toBe(0);

    // Before the fix the log grew by about 300 × 63 KiB = 18.5 MiB here.
    const grown = (await logBytes(db.current)) - before;
    expect(grown).toBeLessThanOrEqual((keepsBody ? (LIMIT + 1) * 72 * 1024 : 0) + 256 * 1024);
  });
});

describe("a refused preflight", () => {
  it("is recorded like a refused POST (rejected, origin_not_allowed, the origin), marked as a preflight, and answered 204 without a grant", async () => {
    const { token, link } = await setupLink(db.current, { allowedOrigins: [ALLOWED] });
    const headers = {
      [REMOTE_ADDRESS_HEADER]: "198.51.100.77",
      "access-control-request-method": "POST",
      "user-agent": "Chromium",
    };
    const refused = await raw(token, { method: "OPTIONS", headers: { ...headers, origin: FOREIGN } });
    expect(refused.status).toBe(204);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    // A granted preflight and one without Origin (not a browser) are not log entries.
    expect((await raw(token, { method: "OPTIONS", headers: { ...headers, origin: ALLOWED } })).status).toBe(204);
    expect((await raw(token, { method: "OPTIONS", headers })).status).toBe(204);
    await postText(token, "{}", { ...headers, origin: FOREIGN });

    const rows = await submissionsOf(db.current, link.id);
    expect(rows).toMatchObject([
      {
        outcome: "rejected",
        status: 403,
        errorCode: "origin_not_allowed",
        origin: FOREIGN,
        ip: "198.51.100.77",
        userAgent: "Chromium",
        payload: null,
      },
      { outcome: "rejected", status: 403, errorCode: "origin_not_allowed", origin: FOREIGN, payload: "{}" },
    ]);
    expect(rows[0]!.errors).toEqual([PREFLIGHT_REFUSED]);
  });

  it("counts against the limit even when granted (a browser's preflight is cached, so it costs one request per visitor, not per lead)", async () => {
    const { token } = await setupLink(db.current, { rateLimit: "2/min" });
    const headers = { [REMOTE_ADDRESS_HEADER]: "198.51.100.78", origin: ALLOWED, "access-control-request-method": "POST" };
    expect((await raw(token, { method: "OPTIONS", headers })).status).toBe(204);
    expect((await postText(token, JSON.stringify({ name: "Ana" }), headers)).status).toBe(201);
    const limited = await raw(token, { method: "OPTIONS", headers });
    await expectProblem(limited, 429, "rate_limited");
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("of an unknown link is not recorded and still gets a grant (the POST then reads a 404)", async () => {
    const before = await db.current.prisma.submission.count();
    const response = await raw("cl_unknownunknownunknown", {
      method: "OPTIONS",
      headers: { origin: FOREIGN, "access-control-request-method": "POST" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(await db.current.prisma.submission.count()).toBe(before);
  });
});

describe("the worst case at the default limit (docs/security.md)", () => {
  it("stores at most 121 entries of 64 KiB per client, link and minute: measured here", async () => {
    const { token, link } = await setupLink(db.current);
    const before = await logBytes(db.current);
    // 64 KiB of JSON that does not parse and does not compress: the largest entry the log keeps.
    const body = () =>
      `{"pad":"${randomBytes(48 * 1024)
        .toString("base64")
        .slice(0, 64 * 1024 - 9)}"`;
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++) {
      const response = await postText(token, body(), { [REMOTE_ADDRESS_HEADER]: "192.0.2.200" });
      statuses.push(response.status);
      await response.body?.cancel();
    }
    expect(statuses.filter((status) => status === 400)).toHaveLength(120);
    expect(await db.current.prisma.submission.count({ where: { captureLinkId: link.id } })).toBe(121);
    const grown = (await logBytes(db.current)) - before;
    console.log(
      `[worst case] 121 entries of 64 KiB grew the submission log by ${grown} bytes (${(grown / 2 ** 20).toFixed(2)} MiB)`,
    );
    expect(grown).toBeLessThanOrEqual(121 * 72 * 1024);
  });
});

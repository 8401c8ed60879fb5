// Bad input at volume: fast-check generates hostile bodies, headers, paths and methods and sends each to the
// real route handler of /ingest/<token>. Whatever arrives, the answer is below 500, every error is
// problem+json with a stable code and no stack trace, a rejected request writes no lead, and an accepted
// one says what it did (201 = one new lead, 200 = an existing lead, a replay = nothing new).
//
// The seed is fixed (LEADLINK_PROPERTY_SEED to vary it) and printed with the failing case, so a failure
// replays exactly; LEADLINK_PROPERTY_SCALE multiplies the number of runs for a longer soak.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES, isErrorCode } from "@/lib/error-codes";
import { testDatabaseKind, useTestDatabase } from "../support/database";
import { createField, createLink } from "../support/fixtures";
import { ALLOWED_ORIGIN, bodyBytes, HONEYPOT, headersOf, METHODS, requestHeaders, textUnit } from "../support/hostile-input";
import { raw, setupLink, withoutRateLimit } from "../support/ingest-helpers";

const SEED = Number(process.env.LEADLINK_PROPERTY_SEED ?? 20261121);
const SCALE = Number(process.env.LEADLINK_PROPERTY_SCALE ?? 1);
const BODY_RUNS = Math.round(1_400 * SCALE);
const REQUEST_RUNS = Math.round(700 * SCALE);

const db = useTestDatabase();
withoutRateLimit();

let workspaceId: string;
const tokens = { open: "", restricted: "", honeypot: "", revoked: "" };
const tally = { tried: 0, serverErrors: 0, byStatus: new Map<number, number>() };

beforeAll(async () => {
  const { workspace, link } = await setupLink(db.current);
  workspaceId = workspace.id;
  tokens.open = link.token;
  tokens.restricted = (await createLink(db.current, workspaceId, { allowedOrigins: [ALLOWED_ORIGIN] })).token;
  tokens.honeypot = (await createLink(db.current, workspaceId, { honeypotField: HONEYPOT })).token;
  tokens.revoked = (await createLink(db.current, workspaceId, { status: "revoked" })).token;
  await createField(db.current, workspaceId, { name: "notes", label: "Notes" });
  await createField(db.current, workspaceId, { name: "score", label: "Score", type: "number" });
  await createField(db.current, workspaceId, { name: "visit", label: "Visit", type: "date" });
  await createField(db.current, workspaceId, { name: "vip", label: "VIP", type: "boolean" });
  await createField(db.current, workspaceId, { name: "plan", label: "Plan", type: "select", options: ["basic", "pro"] });
  await createField(db.current, workspaceId, { name: "__proto__", label: "Proto" });
  await createField(db.current, workspaceId, { name: "constructor", label: "Constructor" });
});

afterAll(() => {
  const statuses = [...tally.byStatus].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
  console.log(
    `ingest-property (${testDatabaseKind}, seed ${SEED}): ${tally.tried} hostile requests, ${tally.serverErrors} answered 5xx; statuses ${statuses.join(" ")}`,
  );
});

/** Link tokens as Next.js hands them to the handler (already percent-decoded), most of them no link at all. */
const anyToken = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .constantFrom("open", "restricted", "honeypot", "revoked")
      .map((kind) => () => tokens[kind as keyof typeof tokens]),
  },
  {
    weight: 3,
    arbitrary: fc
      .oneof(
        fc.string({ unit: textUnit, maxLength: 60 }),
        fc.string({ unit: fc.constantFrom(..."0123456789ABCDEFabcdefXYZ_-"), maxLength: 40 }).map((tail) => `cl_${tail}`),
        fc.constantFrom("%", "%E0%A4%A", "%00", "../../etc/passwd", `cl_${"a".repeat(5_000)}`, " ", "\n", "cl_ñ", "ingest", "."),
      )
      .map((token) => () => token),
  },
);

// --- Checks ---------------------------------------------------------------------------------------------

const STACK_TRACE = /\n\s+at\s|node_modules|\.ts:\d+|<html|<!doctype/i;
const PROBLEM_KEYS = new Set(["type", "title", "status", "code", "detail", "errors"]);

async function leadState() {
  const state = await db.current.prisma.lead.aggregate({
    where: { workspaceId },
    _count: { _all: true },
    _max: { updatedAt: true },
  });
  return { count: state._count._all, lastUpdate: state._max.updatedAt?.getTime() ?? 0 };
}

/** Sends one request and checks every invariant; the description says what was sent when one fails. */
async function sendAndCheck(
  token: string,
  method: (typeof METHODS)[number],
  headers: Record<string, string>,
  body: Uint8Array | undefined,
) {
  const before = await leadState();
  const response = await raw(token, { method, headers, body });
  tally.tried++;
  tally.byStatus.set(response.status, (tally.byStatus.get(response.status) ?? 0) + 1);
  const text = await response.text();
  if (response.status >= 500) tally.serverErrors++;
  const sent = `${method} /ingest/${JSON.stringify(token).slice(0, 80)} ${JSON.stringify(headers).slice(0, 300)} body=${JSON.stringify(
    Buffer.from(body ?? [])
      .toString("latin1")
      .slice(0, 300),
  )}`;
  const answer = `${response.status} ${text.slice(0, 300)}`;

  expect(response.status, `a 5xx for ${sent}: ${answer}`).toBeLessThan(500);
  expect(text, `a stack trace or HTML for ${sent}`).not.toMatch(STACK_TRACE);
  if (method !== "OPTIONS")
    expect(response.headers.get("x-content-type-options"), "nosniff on every JSON answer").toBe("nosniff");
  const after = await leadState();

  if (response.status >= 300) {
    expect(response.headers.get("content-type") ?? "", `not problem+json: ${sent}: ${answer}`).toMatch(
      /^application\/problem\+json\b/,
    );
    if (method !== "HEAD") {
      const problem = JSON.parse(text) as Record<string, unknown>;
      expect(
        Object.keys(problem).every((key) => PROBLEM_KEYS.has(key)),
        answer,
      ).toBe(true);
      expect(problem.code, answer).toMatch(/^[a-z_]+$/);
      expect(problem.code, answer).not.toBe("internal_error");
      expect(problem.status).toBe(response.status);
      expect(isErrorCode(String(problem.code)), `code ${String(problem.code)} is in the table`).toBe(true);
      expect(
        ERROR_CODES[problem.code as keyof typeof ERROR_CODES].status,
        `code ${String(problem.code)} maps to its status`,
      ).toBe(response.status);
      expect(String(problem.type)).toMatch(new RegExp(`/problems/${String(problem.code)}$`));
      expect(typeof problem.detail).toBe("string");
    }
    expect(after, `a rejected request wrote a lead: ${sent}: ${answer}`).toEqual(before);
    return;
  }
  if (method !== "POST") {
    expect(method, `${answer} for ${sent}`).toBe("OPTIONS");
    expect(response.status).toBe(204);
    expect(after).toEqual(before);
    return;
  }

  // Accepted: {leadId, created, warnings}; 201 exactly when created.
  expect(response.headers.get("content-type") ?? "").toMatch(/^application\/json\b/);
  const reply = JSON.parse(text) as { leadId: string; created: boolean; warnings: unknown[] };
  expect(Object.keys(reply).sort()).toEqual(["created", "leadId", "warnings"]);
  expect(reply.leadId).toMatch(/^[0-9a-f-]{36}$/);
  expect(Array.isArray(reply.warnings)).toBe(true);
  expect(response.status, answer).toBe(reply.created ? 201 : 200);
  const lead = await db.current.prisma.lead.findFirst({ where: { id: reply.leadId }, select: { workspaceId: true } });
  if (!lead) {
    // Only the honeypot answers like a person would without keeping anything.
    expect(token, `an accepted lead that does not exist: ${sent}: ${answer}`).toBe(tokens.honeypot);
    expect(after.count).toBe(before.count);
    return;
  }
  expect(lead.workspaceId).toBe(workspaceId);
  const replayed = response.headers.get("idempotent-replayed") === "true";
  expect(after.count, `lead count after ${answer} (replayed: ${replayed})`).toBe(
    before.count + (reply.created && !replayed ? 1 : 0),
  );
}

describe("hostile input at volume", () => {
  it(`hostile bodies and headers to live links: ${BODY_RUNS} runs`, async () => {
    console.log(`ingest-property: seed ${SEED} (set LEADLINK_PROPERTY_SEED to replay another)`);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("open", "open", "open", "restricted", "honeypot"),
        requestHeaders,
        bodyBytes,
        async (kind, headers, body) => {
          await sendAndCheck(tokens[kind as keyof typeof tokens], "POST", headersOf(headers), body);
        },
      ),
      { seed: SEED, numRuns: BODY_RUNS, endOnFailure: true },
    );
  }, 900_000);

  it(`hostile paths, methods and headers: ${REQUEST_RUNS} runs`, async () => {
    await fc.assert(
      fc.asyncProperty(anyToken, fc.constantFrom(...METHODS), requestHeaders, bodyBytes, async (token, method, headers, body) => {
        await sendAndCheck(token(), method, headersOf(headers), method === "GET" || method === "HEAD" ? undefined : body);
      }),
      { seed: SEED + 1, numRuns: REQUEST_RUNS, endOnFailure: true },
    );
  }, 900_000);
});

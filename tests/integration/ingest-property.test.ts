// Bad input at volume: fast-check generates hostile bodies, headers, paths and methods and sends each to the
// real route handler of /ingest/<token>. Whatever arrives, the answer is below 500, every error is
// problem+json with a stable code and no stack trace, a rejected request writes no lead, and an accepted
// one says what it did (201 = one new lead, 200 = an existing lead, a replay = nothing new).
//
// The seed is fixed (LEADLINK_PROPERTY_SEED to vary it) and printed with the failing case, so a failure
// replays exactly; LEADLINK_PROPERTY_SCALE multiplies the number of runs for a longer soak.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { problemStatus } from "@/lib/http/problem";
import { createField, createLink } from "../support/fixtures";
import { useTestDatabase, testDatabaseKind } from "../support/database";
import { raw, setupLink, withoutRateLimit } from "../support/ingest-helpers";

const SEED = Number(process.env.LEADLINK_PROPERTY_SEED ?? 20261121);
const SCALE = Number(process.env.LEADLINK_PROPERTY_SCALE ?? 1);
const BODY_RUNS = Math.round(1_400 * SCALE);
const REQUEST_RUNS = Math.round(700 * SCALE);

const db = useTestDatabase();
withoutRateLimit();

const ALLOWED_ORIGIN = "https://shop.example";
const HONEYPOT = "website";
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

// --- Arbitraries: JSON text built by hand, so keys such as __proto__ and literals such as 1e400 survive ------

const LEAD_FIELDS = ["name", "email", "telephone", "document", "profession", "city", "state", "instagram", "birthday", "address", "customFields"];
const UTM_FIELDS = ["utmSource", "utmMedium", "utmCampaign", "utmContent", "utmTerm"];
const ADDRESS_FIELDS = ["street", "number", "complement", "neighborhood", "city", "state", "zipCode", "country"];
const CUSTOM_KEYS = ["notes", "Notes", "score", "Score", "visit", "vip", "VIP", "plan", "__proto__", "constructor", "unknown", "NOTES "];
const PROTO_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf"];

/** One UTF-16 unit or character: mostly ordinary text, with NUL, lone surrogates, controls and markup mixed in. */
const textUnit = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom("\u0000", "\ud800", "\udfff", "\ud83d", "\u2028", "\ufeff", "\u202e", "\u001f", "\\", '"') },
  { weight: 1, arbitrary: fc.constantFrom("<script>", "<img src=x onerror=alert(1)>", "${x}", "'; DROP TABLE leads; --", "%00", "../") },
);
const hostileString = fc.string({ unit: textUnit, maxLength: 40 });
const stringLiteral = fc.oneof(
  { weight: 8, arbitrary: hostileString.map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.integer({ min: 501, max: 20_000 }).map((length) => JSON.stringify("x".repeat(length))) },
  { weight: 1, arbitrary: fc.constantFrom('"\\u0000"', '"a\\ud800b"', '"\\udc00"', '"\\uDFFF\\uD800"') },
);
const numberLiteral = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => JSON.stringify(value)),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
  fc.constantFrom("1e400", "-1e400", "-0", "1e-400", "9".repeat(400), "0.1e-999", "123456789012345678901234567890"),
);
const keyLiteral = fc
  .oneof(
    { weight: 3, arbitrary: fc.constantFrom(...LEAD_FIELDS, ...UTM_FIELDS, HONEYPOT) },
    { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS) },
    { weight: 2, arbitrary: hostileString },
  )
  .map((key) => JSON.stringify(key));

function objectText(entries: [string, string][]): string {
  return `{${entries.map(([key, value]) => `${key}:${value}`).join(",")}}`;
}

/** Any JSON value as text, nested a few levels. */
const { json: anyJson } = fc.letrec<{ json: string; object: string; array: string }>((tie) => ({
  json: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    stringLiteral,
    numberLiteral,
    fc.constantFrom("true", "false", "null"),
    tie("object"),
    tie("array"),
  ),
  object: fc.array(fc.tuple(keyLiteral, tie("json")), { maxLength: 5 }).map(objectText),
  array: fc.array(tie("json"), { maxLength: 5 }).map((items) => `[${items.join(",")}]`),
}));

/** Values that pass often enough that some leads are accepted and deduplicated. */
const plausible: Record<string, fc.Arbitrary<string>> = {
  name: fc.constantFrom("Ana", "José da Silva", "<img src=x onerror=alert(1)>", "  ", "").map((value) => JSON.stringify(value)),
  email: fc.oneof(fc.emailAddress(), fc.constantFrom("dup@example.com", "DUP@Example.com ")).map((value) => JSON.stringify(value)),
  telephone: fc.constantFrom('"11987654321"', '"+55 11 98765-4321"', "11987654321", '"(11) 9876"', '"+1 202 555 0143"'),
  state: fc.constantFrom('"SP"', '"sp"', '"São Paulo"', '"XX"'),
  birthday: fc.constantFrom('"1990-02-28"', '"1990-02-30"', '"28/02/1990"', '"2999-01-01"'),
};

/** A value for a known field: plausible, or of any type at all. */
function fieldValue(field: string): fc.Arbitrary<string> {
  const sometimes = plausible[field];
  return fc.oneof({ weight: 3, arbitrary: sometimes ?? stringLiteral }, { weight: 1, arbitrary: anyJson });
}

const addressText = fc
  .array(fc.tuple(fc.constantFrom(...ADDRESS_FIELDS, ...PROTO_KEYS), anyJson), { maxLength: 5 })
  .map((entries) => objectText(entries.map(([key, value]) => [JSON.stringify(key), value])));
const customFieldsText = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...CUSTOM_KEYS), hostileString), anyJson), { maxLength: 6 })
  .map((entries) => objectText(entries.map(([key, value]) => [JSON.stringify(key), value])));

/** A lead-shaped object: known fields (right or wrong types), prototype keys, random keys, duplicates. */
const leadText = fc
  .array(
    fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...LEAD_FIELDS.filter((field) => field !== "address" && field !== "customFields"), ...UTM_FIELDS).chain((field) => fieldValue(field).map((value) => [JSON.stringify(field), value] as [string, string])) },
      { weight: 1, arbitrary: fc.oneof(addressText, anyJson).map((value) => ['"address"', value] as [string, string]) },
      { weight: 1, arbitrary: fc.oneof(customFieldsText, anyJson).map((value) => ['"customFields"', value] as [string, string]) },
      { weight: 1, arbitrary: fc.tuple(keyLiteral, anyJson) },
      { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS).chain((key) => fc.oneof(addressText, anyJson).map((value) => [JSON.stringify(key), value] as [string, string])) },
    ),
    { maxLength: 10 },
  )
  // Half of them carry an email first, so that enough pass to check what an accepted answer says.
  .chain((entries) => fc.option(plausible.email!, { freq: 1 }).map((email) => objectText(email ? [['"email"', email], ...entries] : entries)));

const utf8 = (text: string) => new TextEncoder().encode(text);
const INVALID_UTF8 = [[0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf8, 0x88, 0x80, 0x80, 0x80], [0x00]];

/** A body as bytes: a lead, deeply nested, cut, padded past the limit, sprinkled with invalid UTF-8, or noise. */
const bodyBytes: fc.Arbitrary<Uint8Array> = fc.oneof(
  { weight: 8, arbitrary: leadText.map(utf8) },
  { weight: 1, arbitrary: anyJson.map(utf8) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 5_000 }), fc.constantFrom("[", '{"a":', '{"customFields":'), fc.boolean())
      .map(([depth, open, balanced]) => utf8(`${open.repeat(depth)}1${balanced ? (open === "[" ? "]" : "}").repeat(depth) : ""}`)),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(leadText, fc.nat(), fc.constantFrom(...INVALID_UTF8)).map(([text, at, bad]) => {
      const bytes = utf8(text);
      const cut = at % (bytes.length + 1);
      return Uint8Array.from([...bytes.subarray(0, cut), ...bad, ...bytes.subarray(cut)]);
    }),
  },
  { weight: 1, arbitrary: fc.tuple(leadText, fc.nat()).map(([text, at]) => utf8(text.slice(0, at % (text.length + 1)))) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 512 }) },
  { weight: 1, arbitrary: fc.constantFrom(utf8(""), utf8(" "), utf8("null"), utf8("[]"), utf8('"{}"'), utf8("\ufeff{}"), utf8("{}{}")) },
  { weight: 1, arbitrary: leadText.map((text) => utf8(text.replace(/}$/, `${" ".repeat(66 * 1024)}}`))) },
);

/** Header values as an HTTP server would pass them on: Latin-1, no NUL or line breaks. */
const headerValue = fc.string({
  unit: fc
    .integer({ min: 1, max: 255 })
    .filter((code) => code !== 10 && code !== 13)
    .map((code) => String.fromCharCode(code)),
  maxLength: 120,
});

const contentType = fc.option(
  fc.oneof(
    fc.constantFrom(
      "application/json",
      "application/json; charset=utf-8",
      "text/plain",
      "text/plain;charset=UTF-8",
      "APPLICATION/JSON",
      "application/json; charset=utf-16",
      "application/json; charset=x-made-up",
      "application/json; charset=",
      'application/json;;;=;charset;charset="',
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=----x",
      "application/problem+json",
      "text/html",
      "",
    ),
    headerValue,
  ),
  { freq: 8 },
);

const hostileHeaders = fc.record(
  {
    "content-type": contentType,
    "content-length": fc.oneof(fc.constantFrom("0", "-1", "1", "99999999999", "abc", "65537", " 12 "), fc.nat().map(String)),
    origin: fc.oneof(fc.constantFrom(ALLOWED_ORIGIN, "https://evil.example", "null", "https://shop.example.evil.example", "HTTPS://SHOP.EXAMPLE"), headerValue),
    "idempotency-key": fc.oneof(fc.constantFrom("k1", "k2", "k1 ", "x".repeat(300)), headerValue),
    "x-forwarded-for": headerValue,
    "x-leadlink-remote-addr": fc.oneof(fc.constantFrom("203.0.113.7", "::1", "::ffff:10.0.0.1"), headerValue),
    "user-agent": headerValue,
    referer: headerValue,
  },
  { requiredKeys: [] },
);

/** Mostly what a form sends (so bodies get judged), else anything. */
const requestHeaders = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record(
      { "content-type": fc.constantFrom("application/json", "text/plain", "application/json; charset=utf-8"), "idempotency-key": headerValue },
      { requiredKeys: ["content-type"] },
    ),
  },
  { weight: 2, arbitrary: hostileHeaders },
);

function headersOf(record: Partial<Record<string, string | null>>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

const METHODS = ["POST", "OPTIONS", "GET", "HEAD", "PUT", "PATCH", "DELETE"] as const;

/** Link tokens as Next.js hands them to the handler (already percent-decoded), most of them no link at all. */
const anyToken = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom("open", "restricted", "honeypot", "revoked").map((kind) => () => tokens[kind as keyof typeof tokens]) },
  {
    weight: 3,
    arbitrary: fc
      .oneof(
        fc.string({ unit: textUnit, maxLength: 60 }),
        fc.string({ unit: fc.constantFrom(..."0123456789ABCDEFabcdefXYZ_-"), maxLength: 40 }).map((tail) => `cl_${tail}`),
        fc.constantFrom("%", "%E0%A4%A", "%00", "../../etc/passwd", "cl_" + "a".repeat(5_000), " ", "\n", "cl_ñ", "ingest", "."),
      )
      .map((token) => () => token),
  },
);

// --- Checks ---------------------------------------------------------------------------------------------

const STACK_TRACE = /\n\s+at\s|node_modules|\.ts:\d+|<html|<!doctype/i;
const PROBLEM_KEYS = new Set(["type", "title", "status", "code", "detail", "errors"]);

async function leadState() {
  const state = await db.current.prisma.lead.aggregate({ where: { workspaceId }, _count: { _all: true }, _max: { updatedAt: true } });
  return { count: state._count._all, lastUpdate: state._max.updatedAt?.getTime() ?? 0 };
}

/** Sends one request and checks every invariant; the description says what was sent when one fails. */
async function sendAndCheck(token: string, method: (typeof METHODS)[number], headers: Record<string, string>, body: Uint8Array | undefined) {
  const before = await leadState();
  const response = await raw(token, { method, headers, body });
  tally.tried++;
  tally.byStatus.set(response.status, (tally.byStatus.get(response.status) ?? 0) + 1);
  const text = await response.text();
  if (response.status >= 500) tally.serverErrors++;
  const sent = `${method} /ingest/${JSON.stringify(token).slice(0, 80)} ${JSON.stringify(headers).slice(0, 300)} body=${JSON.stringify(Buffer.from(body ?? []).toString("latin1").slice(0, 300))}`;
  const answer = `${response.status} ${text.slice(0, 300)}`;

  expect(response.status, `a 5xx for ${sent}: ${answer}`).toBeLessThan(500);
  expect(text, `a stack trace or HTML for ${sent}`).not.toMatch(STACK_TRACE);
  if (method !== "OPTIONS") expect(response.headers.get("x-content-type-options"), "nosniff on every JSON answer").toBe("nosniff");
  const after = await leadState();

  if (response.status >= 300) {
    expect(response.headers.get("content-type") ?? "", `not problem+json: ${sent}: ${answer}`).toMatch(/^application\/problem\+json\b/);
    if (method !== "HEAD") {
      const problem = JSON.parse(text) as Record<string, unknown>;
      expect(Object.keys(problem).every((key) => PROBLEM_KEYS.has(key)), answer).toBe(true);
      expect(problem.code, answer).toMatch(/^[a-z_]+$/);
      expect(problem.code, answer).not.toBe("internal_error");
      expect(problem.status).toBe(response.status);
      expect(problemStatus(problem.code as string), `code ${String(problem.code)} maps to its status`).toBe(response.status);
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
  expect(after.count, `lead count after ${answer} (replayed: ${replayed})`).toBe(before.count + (reply.created && !replayed ? 1 : 0));
}

describe("hostile input at volume", () => {
  it(`hostile bodies and headers to live links: ${BODY_RUNS} runs`, async () => {
    console.log(`ingest-property: seed ${SEED} (set LEADLINK_PROPERTY_SEED to replay another)`);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("open", "open", "open", "restricted", "honeypot"), requestHeaders, bodyBytes, async (kind, headers, body) => {
        await sendAndCheck(tokens[kind as keyof typeof tokens], "POST", headersOf(headers), body);
      }),
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

// Hostile input: nothing a sender can put in the path, the headers or the body produces a 5xx or a stack
// trace (DESIGN.md §3 "Responses": never a stack trace, never an HTML page); every request that reaches
// a link is recorded exactly once; a rejected body never writes a lead.
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/database";
import { createField } from "../support/fixtures";
import {
  expectNoServerError,
  leadCount,
  postText,
  raw,
  setupLink,
  submissionsOf,
  uniqueEmail,
  withoutRateLimit,
} from "../support/ingest-helpers";

const db = useTestDatabase();
withoutRateLimit();
let target: { token: string; workspaceId: string; linkId: string };

beforeAll(async () => {
  const { token, workspace, link } = await setupLink(db.current);
  target = { token, workspaceId: workspace.id, linkId: link.id };
  await createField(db.current, workspace.id, { name: "notes", label: "Notes" });
  await createField(db.current, workspace.id, { name: "score", label: "Score", type: "number" });
  await createField(db.current, workspace.id, { name: "constructor", label: "Constructor" });
  await createField(db.current, workspace.id, { name: "__proto__", label: "Proto" });
});

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part, "utf8") : Buffer.from(part))));
const email = () => `"email":"${uniqueEmail("hostile")}"`;
const DEEP_ARRAY = "[".repeat(10_000) + "]".repeat(10_000);
const DEEP_OBJECT = `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`;
const SPLIT_PAIR_KEY = `${"k".repeat(199)}😀`; // 201 UTF-16 units: a 200-unit cut would split the pair

type Expect = number | number[];
const cases: [string, string | Uint8Array, Expect][] = [
  // NUL bytes, raw: a control character inside a JSON string is not valid JSON (RFC 8259 §7).
  ["a raw NUL inside a string value", bytes(`{${email()},"name":"An`, [0], `a"}`), 400],
  ["a raw NUL inside a key", bytes(`{${email()},"na`, [0], `me":"Ana"}`), 400],
  ["a raw NUL between tokens", bytes(`{${email()},`, [0], `"name":"Ana"}`), 400],
  // NUL as \u0000 escapes.
  ...(["name", "email", "telephone", "document", "profession", "city", "state", "instagram", "birthday", "utmSource"].map(
    (field) => [`\\u0000 in ${field}`, `{${field === "email" ? '"name":"x"' : email()},"${field}":"ab\\u0000c"}`, 422],
  ) as [string, string, Expect][]),
  ["\\u0000 in address.street", `{${email()},"address":{"street":"R\\u0000ua"}}`, 422],
  ["\\u0000 in a custom field value", `{${email()},"customFields":{"notes":"a\\u0000b"}}`, 422],
  ["\\u0000 in an unknown top-level key", `{${email()},"x\\u0000y":1}`, 201],
  ["\\u0000 in an address key", `{${email()},"address":{"ci\\u0000ty":"Recife"}}`, 201],
  ["\\u0000 in a customFields key", `{${email()},"customFields":{"no\\u0000tes":"x"}}`, 201],
  ["\\u0000 in the value of an unknown key", `{${email()},"junk":"\\u0000\\u0000"}`, 201],
  // Lone surrogates, escaped.
  ...(["name", "email", "state", "document", "utmTerm"].map((field) => [
    `a lone \\ud800 in ${field}`,
    `{${field === "email" ? '"name":"x"' : email()},"${field}":"a\\ud800b"}`,
    422,
  ]) as [string, string, Expect][]),
  ["a lone \\udc00 in a custom field value", `{${email()},"customFields":{"notes":"\\udc00"}}`, 422],
  ["a lone surrogate in an unknown key", `{${email()},"k\\ud800":1}`, 201],
  ["a lone surrogate in an address key", `{${email()},"address":{"\\udfff":"x"}}`, 201],
  ["a lone surrogate in a customFields key", `{${email()},"customFields":{"\\ud83d":"x"}}`, 201],
  ["an unknown key whose 200th character is half of a surrogate pair", `{${email()},"${SPLIT_PAIR_KEY}":1}`, 201],
  ["an address key whose 200th character is half of a surrogate pair", `{${email()},"address":{"${SPLIT_PAIR_KEY}":"x"}}`, 201],
  [
    "a customFields key whose 200th character is half of a surrogate pair",
    `{${email()},"customFields":{"${SPLIT_PAIR_KEY}":"x"}}`,
    201,
  ],
  [
    "a custom number whose error message would cut a surrogate pair",
    `{${email()},"customFields":{"score":"${"x".repeat(39)}😀"}}`,
    422,
  ],
  // Raw invalid UTF-8: decoded with U+FFFD, or refused; never a crash.
  ["a raw 0xFF byte in a value", bytes(`{${email()},"name":"A`, [0xff], `na"}`), [201, 400]],
  ["a raw encoded surrogate (ED A0 80) in a value", bytes(`{${email()},"name":"A`, [0xed, 0xa0, 0x80], `"}`), [201, 400]],
  ["a truncated UTF-8 sequence in a key", bytes(`{${email()},"k`, [0xe2, 0x82], `":1}`), [201, 400]],
  // Prototype keys.
  ["__proto__ at top level", `{${email()},"__proto__":{"email":"evil@example.com","polluted":true}}`, 201],
  ["constructor at top level", `{${email()},"constructor":{"prototype":{"polluted":true}}}`, 201],
  ["__proto__ in address", `{${email()},"address":{"__proto__":{"city":"Evil"},"constructor":"x"}}`, 201],
  [
    "__proto__ and constructor in customFields, matching fields of those names",
    `{${email()},"customFields":{"__proto__":"p","constructor":"c"}}`,
    201,
  ],
  ["__proto__ with a non-string value in customFields", `{${email()},"customFields":{"__proto__":{"polluted":true}}}`, 422],
  // Deep nesting.
  ["10,000-deep arrays as the value of an unknown key", `{${email()},"deep":${DEEP_ARRAY}}`, 201],
  ["10,000-deep objects as the value of an unknown key", `{${email()},"deep":${DEEP_OBJECT}}`, 201],
  ["10,000-deep arrays as a customFields value (unknown key)", `{${email()},"customFields":{"deep":${DEEP_ARRAY}}}`, 201],
  ["10,000-deep arrays as a customFields value (text field)", `{${email()},"customFields":{"notes":${DEEP_ARRAY}}}`, 422],
  ["10,000-deep arrays as customFields", `{${email()},"customFields":${DEEP_ARRAY}}`, 422],
  ["10,000-deep arrays as address", `{${email()},"address":${DEEP_ARRAY}}`, 422],
  ["10,000-deep arrays as name", `{${email()},"name":${DEEP_ARRAY}}`, 422],
  ["10,000-deep arrays as the body", DEEP_ARRAY, 400],
  ["unbalanced 30,000-deep arrays", "[".repeat(30_000), 400],
  // Numbers.
  ["1e400 as telephone", `{"telephone":1e400}`, 422],
  ["-1e400 as telephone", `{"telephone":-1e400}`, 422],
  ["-0 as telephone", `{"telephone":-0}`, 422],
  ["1e-400 as telephone", `{"telephone":1e-400}`, 422],
  ["1e400 as name", `{${email()},"name":1e400}`, 422],
  ["1e400 as address.zipCode", `{${email()},"address":{"zipCode":1e400}}`, 422],
  ["-0 as address.number", `{${email()},"address":{"number":-0}}`, 201],
  ["1e400 as a custom number", `{${email()},"customFields":{"score":1e400}}`, 422],
  ["-0 and 1e-400 as custom numbers", `{${email()},"customFields":{"score":-0,"Score":1e-400}}`, 201],
  ["1e400 as the value of an unknown key", `{${email()},"big":1e400}`, 201],
  ["a 400-digit integer as telephone", `{"telephone":${"9".repeat(400)}}`, 422],
  // Huge strings (within the body limit).
  ["a 60,000-character name", `{${email()},"name":"${"n".repeat(60_000)}"}`, 422],
  ["a 60,000-character email", `{"email":"${"e".repeat(60_000)}@example.com"}`, 422],
  ["a 60,000-character document", `{${email()},"document":"${"1".repeat(60_000)}"}`, 422],
  ["a 60,000-character custom text", `{${email()},"customFields":{"notes":"${"t".repeat(60_000)}"}}`, 422],
  ["a 60,000-character unknown key", `{${email()},"${"k".repeat(60_000)}":1}`, 201],
  ["5,000 unknown keys", `{${email()},${Array.from({ length: 5_000 }, (_, i) => `"k${i}":0`).join(",")}}`, 201],
  // Empty and odd bodies.
  ["an empty body", "", 400],
  ["a whitespace body", " \r\n\t ", 400],
  ["a BOM before the object", `\uFEFF{${email()}}`, 201],
  ["only a BOM", "\uFEFF", 400],
  [
    "a wrong type for every field at once",
    `{"email":1,"name":[],"telephone":{},"document":true,"profession":1,"city":[],"state":{},"instagram":0,"birthday":false,"address":"x","utmSource":[],"utmMedium":{},"utmCampaign":1,"utmContent":true,"utmTerm":null,"customFields":[]}`,
    422,
  ],
];

describe("hostile bodies", () => {
  it.each(cases)("%s: no 5xx, one submission, the expected status", async (_name, body, expected) => {
    const leadsBefore = await leadCount(db.current, target.workspaceId);
    const submissionsBefore = (await submissionsOf(db.current, target.linkId)).length;
    const response = await postText(target.token, body);
    const text = await expectNoServerError(response);
    const allowed = Array.isArray(expected) ? expected : [expected];
    expect(allowed, text.slice(0, 300)).toContain(response.status);
    expect((await submissionsOf(db.current, target.linkId)).length, "exactly one submission row").toBe(submissionsBefore + 1);
    expect(await leadCount(db.current, target.workspaceId)).toBe(leadsBefore + (response.status < 300 ? 1 : 0));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("does not let __proto__ or constructor act as lead fields", async () => {
    const response = await postText(
      target.token,
      '{"name":"Proto","__proto__":{"email":"evil@example.com"},"constructor":{"email":"x@example.com"}}',
    );
    expect(response.status).toBe(201);
    const { leadId } = (await response.json()) as { leadId: string };
    expect((await db.current.prisma.lead.findUniqueOrThrow({ where: { id: leadId } })).email).toBeNull();
  });

  it("stores custom fields named __proto__ and constructor as ordinary fields", async () => {
    const response = await postText(target.token, `{${email()},"customFields":{"__proto__":"p","constructor":"c"}}`);
    const { leadId } = (await response.json()) as { leadId: string };
    const lead = await db.current.prisma.lead.findUniqueOrThrow({ where: { id: leadId } });
    expect(Object.values(lead.customFields as object).sort()).toEqual(["c", "p"]);
  });
});

describe("charsets", () => {
  it.each([
    [
      "utf-16 bytes declared as utf-16",
      Buffer.from(`{${email()},"name":"Zoë"}`, "utf16le"),
      "application/json; charset=utf-16",
      201,
    ],
    ["an unknown charset", Buffer.from(`{${email()}}`), "application/json; charset=x-made-up", 201],
    ["the 'replacement' charset", Buffer.from(`{${email()}}`), "application/json; charset=iso-2022-kr", 201],
    ["an empty charset", Buffer.from(`{${email()}}`), "application/json; charset=", 201],
    [
      "latin-1 bytes declared as utf-8",
      Buffer.from(`{${email()},"name":"José"}`, "latin1"),
      "application/json; charset=utf-8",
      201,
    ],
    ["garbage parameters", Buffer.from(`{${email()}}`), 'application/json;;;=;charset;charset="', 201],
    ["utf-16 bytes declared as utf-8", Buffer.from(`{${email()}}`, "utf16le"), "application/json", 400],
  ] as const)("%s: no 5xx", async (_name, body, contentType, status) => {
    const response = await raw(target.token, { body, headers: { "content-type": contentType } });
    await expectNoServerError(response);
    expect(response.status).toBe(status);
  });
});

describe("hostile paths and headers", () => {
  const tokens = [
    "%E0%A4%A",
    "%",
    "%00",
    "cl_\u0000aaaaaaaaaaaaaaaaaaaaa",
    "\ud800",
    "cl_ñññññññññññññññññññññ",
    "cl_😀😀😀😀😀😀😀😀😀😀😀",
    "../../etc/passwd",
    `cl_${"a".repeat(10_000)}`,
    " cl_aaaaaaaaaaaaaaaaaaaaaa",
    "cl_aaaaaaaaaaaaaaaaaaaaaa\n",
    "",
  ];
  it.each(tokens.map((token) => [JSON.stringify(token).slice(0, 40), token]))(
    "token %s: 404 for POST, 405 for GET, 204 for OPTIONS",
    async (_label, token) => {
      const posted = await postText(token, `{${email()}}`);
      await expectNoServerError(posted);
      expect(posted.status).toBe(404);
      const got = await raw(token, { method: "GET" });
      await expectNoServerError(got);
      expect(got.status).toBe(405);
      expect((await raw(token, { method: "OPTIONS" })).status).toBe(204);
    },
  );

  it("survives huge and odd header values", async () => {
    const response = await postText(target.token, `{${email()}}`, {
      "user-agent": "U".repeat(60_000),
      referer: "javascript:alert(1)",
      origin: "null",
      "idempotency-key": "cl\u00e9-\u00ff",
      "x-leadlink-remote-addr": "not-an-ip",
      "x-forwarded-for": "1.2.3.4, <script>",
    });
    await expectNoServerError(response);
    expect(response.status).toBe(201);
  });
});

// Arbitraries of hostile ingest requests for tests/integration/ingest-property.test.ts: JSON text built by
// hand (so keys such as __proto__ and literals such as 1e400 survive), bodies as bytes, header values and
// methods.
import fc from "fast-check";

export const ALLOWED_ORIGIN = "https://shop.example";
export const HONEYPOT = "website";

const LEAD_FIELDS = [
  "name",
  "email",
  "telephone",
  "document",
  "profession",
  "city",
  "state",
  "instagram",
  "birthday",
  "address",
  "customFields",
];
const UTM_FIELDS = ["utmSource", "utmMedium", "utmCampaign", "utmContent", "utmTerm"];
const ADDRESS_FIELDS = ["street", "number", "complement", "neighborhood", "city", "state", "zipCode", "country"];
const CUSTOM_KEYS = [
  "notes",
  "Notes",
  "score",
  "Score",
  "visit",
  "vip",
  "VIP",
  "plan",
  "__proto__",
  "constructor",
  "unknown",
  "NOTES ",
];
const PROTO_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf"];

/** One UTF-16 unit or character: mostly ordinary text, with NUL, lone surrogates, controls and markup mixed in. */
export const textUnit = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom("\u0000", "\ud800", "\udfff", "\ud83d", "\u2028", "\ufeff", "\u202e", "\u001f", "\\", '"'),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom("<script>", "<img src=x onerror=alert(1)>", "${x}", "'; DROP TABLE leads; --", "%00", "../"),
  },
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
  email: fc
    .oneof(fc.emailAddress(), fc.constantFrom("dup@example.com", "DUP@Example.com "))
    .map((value) => JSON.stringify(value)),
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
      {
        weight: 5,
        arbitrary: fc
          .constantFrom(...LEAD_FIELDS.filter((field) => field !== "address" && field !== "customFields"), ...UTM_FIELDS)
          .chain((field) => fieldValue(field).map((value) => [JSON.stringify(field), value] as [string, string])),
      },
      { weight: 1, arbitrary: fc.oneof(addressText, anyJson).map((value) => ['"address"', value] as [string, string]) },
      { weight: 1, arbitrary: fc.oneof(customFieldsText, anyJson).map((value) => ['"customFields"', value] as [string, string]) },
      { weight: 1, arbitrary: fc.tuple(keyLiteral, anyJson) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(...PROTO_KEYS)
          .chain((key) => fc.oneof(addressText, anyJson).map((value) => [JSON.stringify(key), value] as [string, string])),
      },
    ),
    { maxLength: 10 },
  )
  // Half of them carry an email first, so that enough pass to check what an accepted answer says.
  .chain((entries) =>
    fc.option(plausible.email!, { freq: 1 }).map((email) => objectText(email ? [['"email"', email], ...entries] : entries)),
  );

const utf8 = (text: string) => new TextEncoder().encode(text);
const INVALID_UTF8 = [[0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf8, 0x88, 0x80, 0x80, 0x80], [0x00]];

/** A body as bytes: a lead, deeply nested, cut, padded past the limit, sprinkled with invalid UTF-8, or noise. */
export const bodyBytes: fc.Arbitrary<Uint8Array> = fc.oneof(
  { weight: 8, arbitrary: leadText.map(utf8) },
  { weight: 1, arbitrary: anyJson.map(utf8) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 5_000 }), fc.constantFrom("[", '{"a":', '{"customFields":'), fc.boolean())
      .map(([depth, open, balanced]) =>
        utf8(`${open.repeat(depth)}1${balanced ? (open === "[" ? "]" : "}").repeat(depth) : ""}`),
      ),
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
  {
    weight: 1,
    arbitrary: fc.constantFrom(utf8(""), utf8(" "), utf8("null"), utf8("[]"), utf8('"{}"'), utf8("\ufeff{}"), utf8("{}{}")),
  },
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
    origin: fc.oneof(
      fc.constantFrom(
        ALLOWED_ORIGIN,
        "https://evil.example",
        "null",
        "https://shop.example.evil.example",
        "HTTPS://SHOP.EXAMPLE",
      ),
      headerValue,
    ),
    "idempotency-key": fc.oneof(fc.constantFrom("k1", "k2", "k1 ", "x".repeat(300)), headerValue),
    "x-forwarded-for": headerValue,
    "x-leadlink-remote-addr": fc.oneof(fc.constantFrom("203.0.113.7", "::1", "::ffff:10.0.0.1"), headerValue),
    "user-agent": headerValue,
    referer: headerValue,
  },
  { requiredKeys: [] },
);

/** Mostly what a form sends (so bodies get judged), else anything. */
export const requestHeaders = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record(
      {
        "content-type": fc.constantFrom("application/json", "text/plain", "application/json; charset=utf-8"),
        "idempotency-key": headerValue,
      },
      { requiredKeys: ["content-type"] },
    ),
  },
  { weight: 2, arbitrary: hostileHeaders },
);

export function headersOf(record: Partial<Record<string, string | null>>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

export const METHODS = ["POST", "OPTIONS", "GET", "HEAD", "PUT", "PATCH", "DELETE"] as const;

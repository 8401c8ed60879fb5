import { describe, expect, it } from "vitest";
import { decodeLeadCursor, encodeLeadCursor, type LeadCursor } from "@/lib/leads/lead-cursor";
import { LeadFilter, leadFilterQuery, searchTerms } from "@/lib/leads/lead-filter";

const ID = "0f8fad5b-d9cb-469f-a165-70867728950e";

describe("lead cursors", () => {
  it("round-trip for every sort and direction, opaque in a URL", () => {
    const cursors: LeadCursor[] = [
      { sort: "newest", direction: "next", key: "2026-01-10T12:00:00.123Z", id: ID },
      { sort: "oldest", direction: "prev", key: "2026-01-10T12:00:00.000Z", id: ID },
      { sort: "updated", direction: "next", key: "2025-12-31T23:59:59.999Z", id: ID },
      { sort: "name", direction: "prev", key: "ana souza", unnamed: false, id: ID },
      { sort: "name", direction: "next", key: "", unnamed: true, id: ID },
      // The longest name a lead can have, in characters of 4 bytes (a cursor of ~2,700 characters).
      {
        sort: "name",
        direction: "prev",
        key: String.fromCodePoint(...Array.from({ length: 500 }, (_, i) => 0x1f300 + i)),
        unnamed: false,
        id: ID,
      },
    ];
    for (const cursor of cursors) {
      const encoded = encodeLeadCursor(cursor);
      expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeLeadCursor(encoded, cursor.sort)).toEqual(cursor);
    }
  });

  it("are ignored when tampered with, of another sort, or malformed", () => {
    const newest = encodeLeadCursor({ sort: "newest", direction: "next", key: "2026-01-10T12:00:00.123Z", id: ID });
    expect(decodeLeadCursor(newest, "oldest")).toBeUndefined();
    expect(decodeLeadCursor(undefined, "newest")).toBeUndefined();
    expect(decodeLeadCursor("", "newest")).toBeUndefined();
    expect(decodeLeadCursor("not base64 json!", "newest")).toBeUndefined();
    expect(decodeLeadCursor("x".repeat(3000), "newest")).toBeUndefined();
    expect(decodeLeadCursor("e".repeat(9000), "newest")).toBeUndefined();
    const forge = (json: unknown) => Buffer.from(JSON.stringify(json)).toString("base64url");
    expect(decodeLeadCursor(forge({ s: "newest", d: "n", k: "yesterday", i: ID }), "newest")).toBeUndefined();
    expect(
      decodeLeadCursor(forge({ s: "newest", d: "n", k: "2026-01-10T12:00:00.123Z", i: "1; DROP TABLE leads" }), "newest"),
    ).toBeUndefined();
    expect(decodeLeadCursor(forge({ s: "name", d: "n", k: "ana", i: ID }), "name")).toBeUndefined();
    expect(
      decodeLeadCursor(forge({ s: "newest", d: "sideways", k: "2026-01-10T12:00:00.123Z", i: ID }), "newest"),
    ).toBeUndefined();
  });
});

describe("search terms", () => {
  it("reduce a typed phone to its digits and split words", () => {
    expect(searchTerms("+55 (11) 98765-4321")).toEqual(["5511987654321"]);
    expect(searchTerms("529.982.247-25")).toEqual(["52998224725"]);
    expect(searchTerms("  Ana   Souza ")).toEqual(["Ana", "Souza"]);
    expect(searchTerms("ana@example.com")).toEqual(["ana@example.com"]);
  });
});

describe("the filter's query string", () => {
  it("keeps set values and leaves the default sort out", () => {
    const filter = LeadFilter.parse({ q: "ana", utm_source: "google", sort: "newest", from: "" });
    expect(leadFilterQuery(filter)).toBe("?q=ana&utm_source=google");
    expect(leadFilterQuery(LeadFilter.parse({ sort: "name" }), { after: "abc" })).toBe("?sort=name&after=abc");
    expect(leadFilterQuery(LeadFilter.parse({}))).toBe("");
  });
});

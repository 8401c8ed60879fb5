import { describe, expect, it } from "vitest";
import { normaliseOrigin, originAllowed } from "@/lib/links/allowed-origins";
import { LinkInput } from "@/lib/links/link-input";

function origin(input: string): string | undefined {
  const result = normaliseOrigin(input);
  return result.ok ? result.origin : undefined;
}

describe("normaliseOrigin", () => {
  it.each([
    ["https://example.com", "https://example.com"],
    ["HTTPS://Example.COM", "https://example.com"],
    ["https://example.com:443", "https://example.com"],
    ["http://example.com:80/", "http://example.com"],
    ["https://example.com:8443", "https://example.com:8443"],
    ["https://example.com/landing?utm_source=x#top", "https://example.com"],
    ["  https://example.com  ", "https://example.com"],
    ["http://localhost:3000", "http://localhost:3000"],
    ["http://127.0.0.1:8080", "http://127.0.0.1:8080"],
    ["http://[::1]:3000", "http://[::1]:3000"],
    ["https://café.example", "https://xn--caf-dma.example"],
    ["https://*.example.com", "https://*.example.com"],
    ["HTTPS://*.Example.com:443/path", "https://*.example.com"],
    ["http://*.localhost:3000", "http://*.localhost:3000"],
  ])("%s -> %s", (input, expected) => {
    expect(origin(input)).toBe(expected);
  });

  it("tells a wildcard from an exact origin", () => {
    expect(normaliseOrigin("https://*.example.com")).toMatchObject({ ok: true, wildcard: true });
    expect(normaliseOrigin("https://example.com")).toMatchObject({ ok: true, wildcard: false });
  });

  it.each([
    ["", "must not be empty"],
    ["example.com", "needs a scheme"],
    ["localhost:3000", "needs a scheme"],
    ["ftp://example.com", "must use http or https"],
    ["https://user:pass@example.com", "user name or password"],
    ["https://*.com", "needs a domain under the wildcard"],
    ["https://*.127.0.0.1", "IP address"],
    ["https://a.*.example.com", 'may use "*" only'],
    ["https://*example.com", 'may use "*" only'],
    ["*", "needs a scheme"],
    ["https://exa mple.com", "is not a valid URL"],
  ])("refuses %j (%s)", (input, problem) => {
    const result = normaliseOrigin(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(problem);
  });
});

describe("originAllowed", () => {
  const allowed = ["https://example.com", "https://*.shop.example", "http://localhost:3000"];

  it("allows anything, a missing Origin included, when the link lists no origins", () => {
    expect(originAllowed("https://anything.test", [])).toBe(true);
    expect(originAllowed(undefined, [])).toBe(true);
    expect(originAllowed("null", [])).toBe(true);
  });

  it("allows the listed origins, compared in normal form", () => {
    expect(originAllowed("https://example.com", allowed)).toBe(true);
    expect(originAllowed("https://EXAMPLE.com:443", allowed)).toBe(true);
    expect(originAllowed("http://localhost:3000", allowed)).toBe(true);
  });

  it("allows subdomains of a wildcard at any depth, but not the domain itself", () => {
    expect(originAllowed("https://a.shop.example", allowed)).toBe(true);
    expect(originAllowed("https://a.b.shop.example", allowed)).toBe(true);
    expect(originAllowed("https://shop.example", allowed)).toBe(false);
  });

  it.each([
    ["another site", "https://evil.test"],
    ["another scheme", "http://example.com"],
    ["another port", "https://example.com:8443"],
    ["a subdomain of an exact origin", "https://www.example.com"],
    ["a look-alike suffix", "https://evilshop.example"],
    ["a look-alike prefix", "https://a.shop.example.evil.test"],
    ["the wildcard's scheme changed", "http://a.shop.example"],
    ["the wildcard itself sent as an origin", "https://*.shop.example"],
    ["the opaque origin of sandboxed pages and files", "null"],
    ["no Origin header", undefined],
    ["an empty Origin header", ""],
    ["garbage", "not an origin"],
  ])("refuses %s", (_, requestOrigin) => {
    expect(originAllowed(requestOrigin, allowed)).toBe(false);
  });
});

describe("LinkInput", () => {
  it("stores allowed origins normalised, without duplicates", () => {
    const parsed = LinkInput.parse({
      name: " Landing ",
      allowedOrigins: ["https://Example.com", "https://example.com:443/page", "https://*.example.com"],
    });
    expect(parsed).toEqual({
      name: "Landing",
      allowedOrigins: ["https://example.com", "https://*.example.com"],
      requireIdentity: false,
      requireConsent: false,
      source: "json",
    });
  });

  it("defaults to no restriction", () => {
    expect(LinkInput.parse({ name: "x" }).allowedOrigins).toEqual([]);
  });

  it("names each invalid origin by its position", () => {
    const result = LinkInput.safeParse({ name: "x", allowedOrigins: ["https://ok.test", "nope"] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([["allowedOrigins", 1]]);
  });
});

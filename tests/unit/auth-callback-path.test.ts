// Security 2 (open redirect after sign-in): only paths of this site are followed, whatever callbackUrl a link carries.
import { describe, expect, it } from "vitest";
import { safeCallbackPath, signInPath } from "@/lib/auth/callback-path";
import { relativeUrl } from "@/lib/auth/relative-answer";

const ORIGIN = "http://localhost:3000";

describe("safeCallbackPath", () => {
  it.each([
    ["/w/acme/leads", "/w/acme/leads"],
    ["/w/acme/leads?q=ana%20silva&sort=name", "/w/acme/leads?q=ana%20silva&sort=name"],
    ["/w/acme/leads?q=100%25", "/w/acme/leads?q=100%25"],
    ["/", "/"],
    [`${ORIGIN}/w/acme/links?x=1`, "/w/acme/links?x=1"],
    ["/w/acme/../acme/links", "/w/acme/links"],
  ])("keeps the same-origin path %s", (value, expected) => {
    expect(safeCallbackPath(value, ORIGIN)).toBe(expected);
  });

  it.each([
    `${ORIGIN}//evil.example/`,
    `${ORIGIN}/\\evil.example/`,
    `${ORIGIN}/%5Cevil.example/`,
    "//evil.example/",
    "//evil.example",
    "/\\evil.example/",
    "\\\\evil.example",
    "/%5Cevil.example",
    "/%5cevil.example",
    "/%2F%2Fevil.example",
    "/%2Fevil.example",
    "/%252F%252Fevil.example",
    "/%255Cevil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    " //evil.example",
    "https://evil.example/",
    "http://localhost:3000.evil.example/",
    "http://evil.example/w/acme",
    "https://localhost:3000/w/acme",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "evil.example",
    "w/acme",
    "",
  ])("refuses %j", (value) => {
    expect(safeCallbackPath(value, ORIGIN)).toBeUndefined();
  });

  it("refuses absolute URLs when no origin is known, and anything that is not a string", () => {
    expect(safeCallbackPath(`${ORIGIN}/w/acme`)).toBeUndefined();
    expect(safeCallbackPath(["/w/acme"])).toBeUndefined();
    expect(safeCallbackPath(undefined)).toBeUndefined();
  });
});

describe("signInPath", () => {
  it("carries the page the user was going to, and nothing else", () => {
    expect(signInPath("/w/acme/leads?q=ana")).toBe("/signin?callbackUrl=%2Fw%2Facme%2Fleads%3Fq%3Dana");
    expect(signInPath("/")).toBe("/signin");
    expect(signInPath(undefined)).toBe("/signin");
    expect(signInPath("//evil.example/")).toBe("/signin");
  });
});

describe("relativeUrl", () => {
  it("turns next-auth's URLs on its origin into paths, and leaves others alone", () => {
    expect(relativeUrl(`${ORIGIN}/api/auth/error?error=CredentialsSignin`, ORIGIN)).toBe(
      "/api/auth/error?error=CredentialsSignin",
    );
    expect(relativeUrl(ORIGIN, ORIGIN)).toBe("/");
    expect(relativeUrl("/w/acme", ORIGIN)).toBe("/w/acme");
    expect(relativeUrl(`${ORIGIN}//evil.example/`, ORIGIN)).toBe(`${ORIGIN}//evil.example/`);
    expect(relativeUrl("http://evil.example/", ORIGIN)).toBe("http://evil.example/");
  });
});

import { describe, expect, it } from "vitest";
import { readLines, readLinkForm } from "@/lib/links/link-form";
import { LinkInput, LinkSettings } from "@/lib/links/link-input";
import { decodeSubmissionCursor, encodeSubmissionCursor } from "@/lib/links/submission-cursor";

describe("LinkSettings", () => {
  it("stores rate limits compactly and treats empty values as not set", () => {
    expect(LinkSettings.parse({ rateLimit: " 600 / Min ", honeypotField: "  " })).toEqual({
      rateLimit: "600/min",
      honeypotField: null,
    });
    expect(LinkSettings.parse({ rateLimit: "OFF" }).rateLimit).toBe("off");
    expect(LinkSettings.parse({})).toEqual({});
  });

  it("refuses a limit of zero, absurd limits and a lead field as honeypot", () => {
    for (const rateLimit of ["0/min", "000/s", "1000001/min", "10 per minute", "-1/s"]) {
      expect(LinkSettings.safeParse({ rateLimit }).success, rateLimit).toBe(false);
    }
    for (const honeypotField of ["email", "customFields", "utmSource", "1abc", "a b"]) {
      expect(LinkSettings.safeParse({ honeypotField }).success, honeypotField).toBe(false);
    }
    expect(LinkSettings.parse({ honeypotField: "company_website" }).honeypotField).toBe("company_website");
  });

  it("reads the link form: origins one per line (or separated by commas and spaces)", () => {
    expect(readLines(" https://a.example\r\n\nhttps://b.example, https://c.example ")).toEqual([
      "https://a.example",
      "https://b.example",
      "https://c.example",
    ]);
    const form = new FormData();
    form.set("name", "Landing");
    form.set("allowedOrigins", "https://A.example/\nhttps://a.example");
    form.set("rateLimit", "");
    form.set("honeypotField", "website");
    expect(LinkInput.parse(readLinkForm(form))).toEqual({
      name: "Landing",
      allowedOrigins: ["https://a.example"],
      rateLimit: null,
      honeypotField: "website",
      requireIdentity: false,
      requireConsent: false,
      acceptForms: false,
      successUrl: null,
      errorUrl: null,
      captchaProvider: null,
      captchaSecret: null,
      captchaSiteKey: null,
      captchaMinScore: null,
      captchaAcceptOnOutage: false,
      source: "json",
    });
    // A ticked checkbox sends "on"; an unticked one sends nothing.
    form.set("requireIdentity", "on");
    expect(LinkInput.parse(readLinkForm(form)).requireIdentity).toBe(true);
  });
});

describe("submission cursors", () => {
  it("round-trip and refuse anything tampered with", () => {
    const cursor = { receivedAt: new Date("2026-05-01T12:00:00.123Z"), id: "0b6f4c3e-7d1a-4f52-9a63-5f1b2c8e9d10" };
    expect(decodeSubmissionCursor(encodeSubmissionCursor(cursor))).toEqual(cursor);
    const forge = (text: string) => Buffer.from(text).toString("base64url");
    for (const bad of [
      undefined,
      "",
      "%%%",
      forge("2026-05-01T12:00:00.123Z|nope"),
      forge("yesterday|0b6f4c3e-7d1a-4f52-9a63-5f1b2c8e9d10"),
      forge("2026-05-01T12:00:00.123Z|0b6f4c3e-7d1a-4f52-9a63-5f1b2c8e9d10|x"),
    ]) {
      expect(decodeSubmissionCursor(bad)).toBeUndefined();
    }
  });
});

// Issue 9, new-user item 1: times follow the viewer's language (Accept-Language) and zone (a validated
// IANA name from the browser), with the zone named.
import { describe, expect, it } from "vitest";
import { formatDay, formatInstant } from "@/lib/time/format-time";
import { negotiateLocale } from "@/lib/time/negotiate-locale";
import { canonicalTimeZone, dayIn, zoneLabel, zoneParts } from "@/lib/time/time-zone";

const INSTANT = new Date("2026-11-20T17:02:05Z");

describe("negotiateLocale", () => {
  it("takes the browser's first language that Intl formats, by q-value", () => {
    expect(negotiateLocale("pt-BR,pt;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("pt-BR");
    expect(negotiateLocale("en;q=0.5, pt-BR")).toBe("pt-BR");
    expect(negotiateLocale("en-US,en;q=0.9")).toBe("en-US");
  });

  it("falls back to en-US without a usable header", () => {
    expect(negotiateLocale(undefined)).toBe("en-US");
    expect(negotiateLocale("*")).toBe("en-US");
    expect(negotiateLocale("not a tag!!")).toBe("en-US");
  });
});

describe("canonicalTimeZone", () => {
  it("accepts IANA names in canonical form and reads the UTC aliases as UTC", () => {
    expect(canonicalTimeZone("America/Sao_Paulo")).toBe("America/Sao_Paulo");
    expect(canonicalTimeZone("america/sao_paulo")).toBe("America/Sao_Paulo");
    expect(canonicalTimeZone("Etc/UTC")).toBe("UTC");
    expect(canonicalTimeZone("UTC")).toBe("UTC");
    expect(canonicalTimeZone("Etc/GMT+3")).toBe("Etc/GMT+3");
    expect(canonicalTimeZone("US/Pacific")).toBe("America/Los_Angeles");
  });

  it("refuses anything else", () => {
    for (const bad of [
      undefined,
      "",
      "Mars/Olympus",
      "SystemV/AST4",
      "Factory",
      "UTC'; DROP TABLE leads; --",
      "../etc/passwd",
      "x".repeat(100),
    ]) {
      expect(canonicalTimeZone(bad)).toBeUndefined();
    }
  });
});

describe("formatting for the viewer", () => {
  it("shows a moment in the viewer's zone and language, naming the zone", () => {
    expect(formatInstant(INSTANT, { locale: "pt-BR", timeZone: "America/Sao_Paulo" })).toBe("20 de nov. de 2026, 14:02:05 BRT");
    expect(formatInstant(INSTANT, { locale: "en-US", timeZone: "UTC" })).toBe("Nov 20, 2026, 05:02:05 PM UTC");
    expect(formatInstant(INSTANT, { locale: "pt-BR", timeZone: "America/Sao_Paulo" }, "date")).toBe("20 de nov. de 2026");
  });

  it("knows the viewer's day and names the zone", () => {
    expect(dayIn("America/Sao_Paulo", new Date("2026-11-21T01:00:00Z"))).toBe("2026-11-20");
    expect(dayIn("UTC", new Date("2026-11-21T01:00:00Z"))).toBe("2026-11-21");
    expect(zoneLabel("America/Sao_Paulo", INSTANT)).toBe("São Paulo time (GMT-3)");
    expect(zoneLabel("UTC")).toBe("UTC");
  });

  it("writes a zone's city as people do: accents where the IANA name has none, underscores as spaces", () => {
    expect(zoneParts("America/Sao_Paulo", INSTANT)).toEqual({ city: "São Paulo", offset: "GMT-3" });
    expect(zoneParts("America/Maceio", INSTANT)).toEqual({ city: "Maceió", offset: "GMT-3" });
    expect(zoneParts("America/Cuiaba", INSTANT)).toEqual({ city: "Cuiabá", offset: "GMT-4" });
    expect(zoneParts("America/Porto_Velho", INSTANT)).toEqual({ city: "Porto Velho", offset: "GMT-4" });
    expect(zoneParts("Asia/Kolkata", INSTANT)).toEqual({ city: "Kolkata", offset: "GMT+5:30" });
    expect(zoneParts("UTC", INSTANT)).toBeNull();
  });

  it("formats a calendar day without moving it, whatever the zone", () => {
    expect(formatDay("2026-03-01", "pt-BR", { day: "numeric", month: "long", year: "numeric" })).toBe("1 de março de 2026");
    expect(formatDay("2026-03-01", "en-US")).toBe("Mar 1");
  });
});

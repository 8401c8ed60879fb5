// Issue 14 item 2: the admin's language is first taken from the browser; dates and numbers follow it.
import { describe, expect, it } from "vitest";
import { createFormatters } from "@/lib/i18n/formatters";
import { formattingLocale, negotiateAdminLocale } from "@/lib/i18n/locales";

describe("negotiateAdminLocale", () => {
  it("takes the browser's first language the admin speaks, by q-value", () => {
    expect(negotiateAdminLocale("pt-BR,pt;q=0.9,en-US;q=0.8")).toBe("pt-BR");
    expect(negotiateAdminLocale("en;q=0.5, pt")).toBe("pt-BR");
    expect(negotiateAdminLocale("pt-PT")).toBe("pt-BR");
    expect(negotiateAdminLocale("de-DE,de;q=0.9,en;q=0.8,pt;q=0.7")).toBe("en");
    expect(negotiateAdminLocale("en-GB")).toBe("en");
  });

  it("is English without a language it speaks", () => {
    for (const header of [undefined, null, "", "*", "de-DE", "not a tag!!"]) expect(negotiateAdminLocale(header)).toBe("en");
  });
});

describe("formatting for the language", () => {
  const instant = new Date("2026-11-20T17:02:05Z");

  it("writes dates, numbers and phones the Brazilian way in pt-BR", () => {
    const format = createFormatters({ locale: formattingLocale("pt-BR", "en-US"), timeZone: "America/Sao_Paulo" });
    expect(format.date(instant)).toBe("20 de nov. de 2026");
    expect(format.dateTime(instant)).toMatch(/^20 de nov\. de 2026, 14:02:05/);
    expect(format.number(1234567)).toBe("1.234.567");
    expect(format.day("2026-11-20")).toBe("20 de nov.");
    expect(format.phone("5511987654321")).toBe("+55 11 98765-4321");
  });

  it("writes them in the browser's English, else American English, in en", () => {
    expect(formattingLocale("en", "en-GB")).toBe("en-GB");
    expect(formattingLocale("en", "de-DE")).toBe("en-US");
    const format = createFormatters({ locale: formattingLocale("en", undefined), timeZone: "UTC" });
    expect(format.date(instant)).toBe("Nov 20, 2026");
    expect(format.number(1234567)).toBe("1,234,567");
    expect(format.phone("5511987654321")).toBe("+55 11 98765-4321");
  });
});

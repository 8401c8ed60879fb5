// Issue 9, new-user item 10: one phone formatter for the leads table, the lead page and the CSV.
import { describe, expect, it } from "vitest";
import { formatPhone, phoneE164, phoneHref } from "@/lib/phone/format-phone";

describe("formatPhone", () => {
  it("writes stored E.164 digits in the international format, the last group joined as the country does", () => {
    expect(formatPhone("5511987654321")).toBe("+55 11 98765-4321");
    expect(formatPhone("551134567890")).toBe("+55 11 3456-7890");
    expect(formatPhone("14155550123")).toBe("+1 415 555-0123");
    expect(formatPhone("442079460958")).toBe("+44 20 7946 0958");
  });

  it("shows digits it cannot place as +digits", () => {
    expect(formatPhone("999123")).toBe("+999123");
  });
});

describe("phoneE164 and phoneHref", () => {
  it("are the canonical form with its plus sign", () => {
    expect(phoneE164("5511987654321")).toBe("+5511987654321");
    expect(phoneHref("5511987654321")).toBe("tel:+5511987654321");
  });
});

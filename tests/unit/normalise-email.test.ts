import { describe, expect, it } from "vitest";
import { normaliseEmail } from "@/lib/normalise/email";

describe("normaliseEmail", () => {
  it.each([
    ["ana@example.com", "ana@example.com"],
    ["Ana.Silva@Example.COM", "ana.silva@example.com"],
    ["ANA+promo@EXAMPLE.com.br", "ana+promo@example.com.br"],
    ["o'brien@example.ie", "o'brien@example.ie"],
  ])("accepts %s as %s", (input, email) => {
    expect(normaliseEmail(input)).toEqual({ ok: true, value: email });
  });

  it.each([
    "ana",
    "ana@",
    "@example.com",
    "ana@example",
    "ana silva@example.com",
    "ana@@example.com",
    ".ana@example.com",
    "ana..b@example.com",
    "ana@exa_mple.com",
  ])("refuses %j", (input) => {
    expect(normaliseEmail(input)).toMatchObject({ ok: false });
  });

  it("refuses an address longer than 254 characters", () => {
    const long = `${"a".repeat(64)}@${"b".repeat(186)}.com`;
    expect(long.length).toBe(255);
    expect(normaliseEmail(long)).toMatchObject({ ok: false, code: "too_long" });
  });

  it("is idempotent", () => {
    const once = normaliseEmail("Ana@Example.com");
    expect(once.ok && normaliseEmail(once.value!)).toEqual(once);
  });
});

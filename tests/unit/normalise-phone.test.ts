import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalisePhone } from "@/lib/normalise/phone";

const ok = (value: string) => ({ ok: true, value });
// Brazil's area codes (DDD) in use.
const AREA_CODES = [
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48, 49, 51, 53,
  54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 92, 93, 94, 95, 96,
  97, 98, 99,
];

describe("normalisePhone in Brazil", () => {
  it.each([
    ["11987654321", "5511987654321"],
    ["+55 (11) 98765-4321", "5511987654321"],
    ["5511987654321", "5511987654321"],
    ["(11) 98765-4321", "5511987654321"],
    ["11.98765.4321", "5511987654321"],
    ["11 98765 4321", "5511987654321"],
    ["(21) 3333-4444", "552133334444"],
    ["+1 415 555 2671", "14155552671"],
  ])("reads %j as %s", (input, canonical) => {
    expect(normalisePhone(input, "BR")).toEqual(ok(canonical));
  });

  it("accepts a JSON number", () => {
    expect(normalisePhone(11987654321, "BR")).toEqual(ok("5511987654321"));
    expect(normalisePhone(5511987654321, "BR")).toEqual(ok("5511987654321"));
  });

  it.each([
    ["7 digits", "1234567"],
    ["16 digits", "1234567890123456"],
    ["letters", "11 98765-432A"],
    ["a + inside", "55+11987654321"],
    ["a slash", "11/987654321"],
    ["nothing but +", "+"],
    ["empty", ""],
  ])("refuses %s (%j)", (_name, input) => {
    expect(normalisePhone(input, "BR")).toMatchObject({ ok: false, code: "invalid_phone" });
  });

  it.each([0, -11987654321, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])("refuses the number %s", (input) => {
    expect(normalisePhone(input, "BR")).toMatchObject({ ok: false });
  });

  it("accepts 8 to 15 digits after a +", () => {
    expect(normalisePhone("+12345678", "BR")).toEqual(ok("12345678"));
    expect(normalisePhone("+123456789012345", "BR")).toEqual(ok("123456789012345"));
  });

  it("gives every written form of a Brazilian mobile number the same canonical phone", () => {
    fc.assert(
      fc.property(fc.constantFrom(...AREA_CODES), fc.integer({ min: 60_000_000, max: 99_999_999 }), (area, rest) => {
        const national = `${area}9${String(rest).padStart(8, "0")}`;
        const canonical = normalisePhone(national, "BR");
        if (!canonical.ok || canonical.value !== `55${national}`) return false;
        const forms = [
          `+55${national}`,
          `55${national}`,
          `(${area}) 9${String(rest)
            .padStart(8, "0")
            .replace(/^(\d{4})/, "$1-")}`,
          `+55 ${national}`,
        ];
        return forms.every((form) => JSON.stringify(normalisePhone(form, "BR")) === JSON.stringify(canonical));
      }),
    );
  });

  it("is idempotent on its own output", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\+?[0-9 ().-]{8,20}$/), (input) => {
        const once = normalisePhone(input, "BR");
        if (!once.ok) return true;
        return JSON.stringify(normalisePhone(`+${once.value}`, "BR")) === JSON.stringify(once);
      }),
    );
  });
});

describe("normalisePhone in another country", () => {
  it("reads national numbers in the workspace's country", () => {
    expect(normalisePhone("(415) 555-2671", "US")).toEqual(ok("14155552671"));
    expect(normalisePhone("020 7946 0958", "GB")).toEqual(ok("442079460958"));
    expect(normalisePhone("030 901820", "DE")).toEqual(ok("4930901820"));
  });

  it("keeps a number that carries its own country code", () => {
    expect(normalisePhone("+55 11 98765-4321", "US")).toEqual(ok("5511987654321"));
    expect(normalisePhone("5511987654321", "US")).toEqual(ok("5511987654321"));
  });
});

describe("normalisePhone drops national (trunk) prefixes", () => {
  // Issue 9, item 6: "+55 011 98765-4321" after "11987654321" made a second lead.
  it.each([
    "+55 011 98765-4321",
    "011 98765-4321",
    "0 11 98765 4321",
    "+55 (011) 98765-4321",
    "55 011 98765 4321",
    "+55011987654321",
  ])("reads %j in Brazil as 5511987654321", (input) => {
    expect(normalisePhone(input, "BR")).toEqual(ok("5511987654321"));
  });

  it("drops a Brazilian trunk prefix whatever the workspace's country, once the country code is sent", () => {
    expect(normalisePhone("+55 011 98765-4321", "US")).toEqual(ok("5511987654321"));
    expect(normalisePhone("+55 (021) 3333-4444", "PT")).toEqual(ok("552133334444"));
  });

  it("drops other countries' trunk prefixes through libphonenumber", () => {
    expect(normalisePhone("+44 (0)20 7946 0958", "BR")).toEqual(ok("442079460958"));
    expect(normalisePhone("+49 (0)30 901820", "BR")).toEqual(ok("4930901820"));
    expect(normalisePhone("020 7946 0958", "GB")).toEqual(ok("442079460958"));
  });

  it("keeps a leading 0 that is part of the number (Italy has no trunk prefix)", () => {
    expect(normalisePhone("+39 06 1234 5678", "BR")).toEqual(ok("390612345678"));
    expect(normalisePhone("06 1234 5678", "IT")).toEqual(ok("390612345678"));
  });
});

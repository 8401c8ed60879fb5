import { describe, expect, it } from "vitest";
import { checkText, describeType, hasUnstorableCharacters, MAX_CUSTOM_TEXT, MAX_TEXT, normaliseText } from "@/lib/normalise/text";

describe("normaliseText", () => {
  it("trims", () => {
    expect(normaliseText("  Ana \n")).toEqual({ ok: true, value: "Ana" });
  });

  it.each([null, undefined, "", "   ", "\t\n"])('treats %j as "not sent"', (input) => {
    expect(normaliseText(input)).toEqual({ ok: true, value: undefined });
  });

  it.each([42, true, {}, [], ["a"]])("refuses %j as a wrong type", (input) => {
    expect(normaliseText(input)).toMatchObject({ ok: false, code: "invalid_type" });
  });

  it("allows 500 characters and refuses 501", () => {
    expect(MAX_TEXT).toBe(500);
    expect(normaliseText("a".repeat(500))).toEqual({ ok: true, value: "a".repeat(500) });
    expect(normaliseText("a".repeat(501))).toMatchObject({ ok: false, code: "too_long" });
  });

  it("counts characters, not UTF-16 code units (500 astral characters are 500 characters)", () => {
    expect(checkText("😀".repeat(500))).toEqual({ ok: true, value: "😀".repeat(500) });
    expect(checkText("😀".repeat(501))).toMatchObject({ ok: false, code: "too_long" });
  });

  it("takes a larger limit for custom field values", () => {
    expect(MAX_CUSTOM_TEXT).toBe(10_000);
    expect(checkText("a".repeat(10_000), MAX_CUSTOM_TEXT)).toMatchObject({ ok: true });
    expect(checkText("a".repeat(10_001), MAX_CUSTOM_TEXT)).toMatchObject({ ok: false, code: "too_long" });
  });

  it("measures the length after trimming", () => {
    expect(checkText(`   ${"a".repeat(500)}   `)).toEqual({ ok: true, value: "a".repeat(500) });
  });

  it.each(["a\u0000b", "\ud800", "a\udc00", "x\ud83d"])("refuses the unstorable %j", (input) => {
    expect(checkText(input)).toMatchObject({ ok: false, code: "invalid_characters" });
  });
});

describe("hasUnstorableCharacters", () => {
  it.each([
    ["plain text", "Ana", false],
    ["a surrogate pair", "😀", false],
    ["NUL", "\u0000", true],
    ["a lone high surrogate", "a\ud83d", true],
    ["a lone low surrogate", "\ude00a", true],
    ["reversed pair", "\ude00\ud83d", true],
  ])("%s: %s", (_name, input, expected) => {
    expect(hasUnstorableCharacters(input)).toBe(expected);
  });
});

describe("describeType", () => {
  it.each([
    [null, "null"],
    [[], "array"],
    [{}, "object"],
    [1, "number"],
    ["s", "string"],
    [true, "boolean"],
  ])("names %j %s", (input, name) => {
    expect(describeType(input)).toBe(name);
  });
});

import { describe, expect, it } from "vitest";
import { coerceFieldValue } from "@/lib/fields/coerce-field-value";
import type { CustomFieldDefinition } from "@/lib/fields/custom-field";
import { labelKey } from "@/lib/normalise/label-key";

function field(type: "text" | "number" | "date" | "boolean"): CustomFieldDefinition;
function field(type: "select", options: string[]): CustomFieldDefinition;
function field(type: CustomFieldDefinition["type"], options: string[] = []): CustomFieldDefinition {
  const base = {
    id: "00000000-0000-4000-8000-000000000001",
    name: "f",
    label: "F",
    labelKey: labelKey("F"),
    aliasKeys: [],
    archived: false,
  };
  return type === "select" ? { ...base, type, options } : { ...base, type };
}

const ok = (value: unknown) => ({ ok: true, value });

describe("coerceFieldValue: any type", () => {
  it.each(["text", "number", "date", "boolean"] as const)('%s treats null, undefined, "" and blanks as not sent', (type) => {
    for (const input of [null, undefined, "", "   "]) expect(coerceFieldValue(field(type), input)).toEqual(ok(undefined));
  });

  it.each(["text", "number", "date", "boolean"] as const)("%s refuses NUL and lone surrogates", (type) => {
    for (const input of ["a\u0000", "\ud800"]) expect(coerceFieldValue(field(type), input)).toMatchObject({ ok: false });
  });
});

describe("text", () => {
  it("trims strings and allows 10,000 characters", () => {
    expect(coerceFieldValue(field("text"), "  hi  ")).toEqual(ok("hi"));
    expect(coerceFieldValue(field("text"), "x".repeat(10_000))).toEqual(ok("x".repeat(10_000)));
    expect(coerceFieldValue(field("text"), "x".repeat(10_001))).toMatchObject({ ok: false, code: "too_long" });
  });

  it("takes a number as its text", () => {
    expect(coerceFieldValue(field("text"), 42)).toEqual(ok("42"));
  });

  it.each([{}, [], [1], Number.POSITIVE_INFINITY])("refuses %j", (input) => {
    expect(coerceFieldValue(field("text"), input)).toMatchObject({ ok: false });
  });
});

describe("number", () => {
  it.each([
    [42, 42],
    [-0.5, -0.5],
    ["42", 42],
    ["-2.25", -2.25],
    ["+7", 7],
    ["3,5", 3.5],
    [" 10 ", 10],
    ["1e3", 1000],
  ])("reads %j as %j", (input, value) => {
    expect(coerceFieldValue(field("number"), input)).toEqual(ok(value));
  });

  it.each(["many", "12abc", "1,000.5", "--1", "0x10", "1e400", true, {}, [], Number.NaN, Number.POSITIVE_INFINITY])(
    "refuses %j",
    (input) => {
      expect(coerceFieldValue(field("number"), input)).toMatchObject({ ok: false });
    },
  );
});

describe("date", () => {
  it("keeps a real calendar date", () => {
    expect(coerceFieldValue(field("date"), "2024-02-29")).toEqual(ok("2024-02-29"));
    expect(coerceFieldValue(field("date"), " 2030-12-31 ")).toEqual(ok("2030-12-31"));
  });

  it.each(["2023-02-29", "2024-13-01", "29/02/2024", "2024-02-29T10:00:00Z", 20240229, true, {}])("refuses %j", (input) => {
    expect(coerceFieldValue(field("date"), input)).toMatchObject({ ok: false });
  });
});

describe("boolean", () => {
  it.each([
    [true, true],
    [false, false],
    ["true", true],
    ["false", false],
    ["TRUE", true],
    ["False", false],
  ])("reads %j as %j", (input, value) => {
    expect(coerceFieldValue(field("boolean"), input)).toEqual(ok(value));
  });

  it.each(["maybe", "truthy", "2", 2, -1, {}, [], [true]])("refuses %j", (input) => {
    expect(coerceFieldValue(field("boolean"), input)).toMatchObject({ ok: false });
  });
});

describe("select", () => {
  const plan = field("select", ["Básico", "Pro", "Enterprise", "2024"]);

  it.each([
    ["Pro", "Pro"],
    ["pro", "Pro"],
    ["basico", "Básico"],
    ["  ENTERPRISE ", "Enterprise"],
    [2024, "2024"],
  ])("reads %j as the option %j", (input, option) => {
    expect(coerceFieldValue(plan, input)).toEqual(ok(option));
  });

  it.each(["Gold", "Pro Plus", 3, true, ["Pro"], {}])("refuses %j", (input) => {
    expect(coerceFieldValue(plan, input)).toMatchObject({ ok: false, code: expect.any(String) });
  });
});

describe("error messages", () => {
  // Messages are stored in the submission log as jsonb, which refuses unpaired surrogates.
  it.each([
    ["number", field("number")],
    ["boolean", field("boolean")],
  ])("of a %s field stay well-formed when the quoted value is cut inside a surrogate pair", (_name, definition) => {
    const result = coerceFieldValue(definition, `${"x".repeat(39)}😀 and more`);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message.isWellFormed()).toBe(true);
  });
});

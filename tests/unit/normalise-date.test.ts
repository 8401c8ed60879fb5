import { describe, expect, it } from "vitest";
import { normaliseBirthday, parseCalendarDate } from "@/lib/normalise/date";

const TODAY = new Date("2026-06-15T12:00:00Z");

describe("parseCalendarDate", () => {
  it.each(["2024-02-29", "2000-02-29", "1999-12-31", "2026-01-01"])("accepts %s", (input) => {
    expect(parseCalendarDate(input)).toBe(input);
  });

  it.each([
    "2023-02-29",
    "1900-02-29",
    "2024-04-31",
    "2024-13-01",
    "2024-00-10",
    "2024-01-00",
    "2024-1-5",
    "24-01-05",
    "2024/01/05",
    " 2024-01-05",
    "2024-01-05T00:00:00Z",
    "",
  ])("refuses %j", (input) => {
    expect(parseCalendarDate(input)).toBeUndefined();
  });
});

describe("normaliseBirthday", () => {
  it.each(["1900-01-01", "1990-05-17", "2000-02-29", "2026-06-15"])("accepts %s", (input) => {
    expect(normaliseBirthday(input, TODAY)).toEqual({ ok: true, value: input });
  });

  it.each([
    ["before 1900", "1899-12-31"],
    ["tomorrow", "2026-06-16"],
    ["next year", "2027-01-01"],
    ["not a real date", "2023-02-29"],
    ["another format", "17/05/1990"],
  ])("refuses %s (%s)", (_name, input) => {
    expect(normaliseBirthday(input, TODAY)).toMatchObject({ ok: false });
  });

  it('treats "" as not sent', () => {
    expect(normaliseBirthday("", TODAY)).toEqual({ ok: true, value: undefined });
  });
});

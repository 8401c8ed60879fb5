import { describe, expect, it } from "vitest";
import { neutraliseFormula } from "@/lib/leads/csv-cell";

describe("neutraliseFormula", () => {
  it("makes cells a spreadsheet would run as formulas plain text", () => {
    expect(neutraliseFormula('=HYPERLINK("http://evil.example","x")')).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(neutraliseFormula("+SUM(A1:A9)")).toBe("'+SUM(A1:A9)");
    expect(neutraliseFormula("-1+cmd|' /C calc'!A0")).toBe("'-1+cmd|' /C calc'!A0");
    expect(neutraliseFormula("+55 11 98765-4321 =A1")).toBe("'+55 11 98765-4321 =A1");
    expect(neutraliseFormula("-2+3")).toBe("'-2+3");
    expect(neutraliseFormula("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(neutraliseFormula("\t=1+1")).toBe("'\t=1+1");
    expect(neutraliseFormula("\r=1+1")).toBe("'\r=1+1");
  });

  it("leaves plain numbers and phones as they are (DESIGN.md section 13)", () => {
    for (const value of ["-5", "+3.5", "-0,75", "-1e3", "+5511987654321", "+55 11 98765-4321", "+1 (415) 555-0123"])
      expect(neutraliseFormula(value)).toBe(value);
  });

  it("leaves every other cell as it is", () => {
    for (const value of ["", "Ana Souza", "a=b", "ana@example.com", "5511987654321", " =1", "'quoted"])
      expect(neutraliseFormula(value)).toBe(value);
  });
});

import { describe, expect, it } from "vitest";
import { neutraliseFormula } from "@/lib/leads/csv-cell";

describe("neutraliseFormula", () => {
  it("makes cells a spreadsheet would run as formulas plain text", () => {
    expect(neutraliseFormula('=HYPERLINK("http://evil.example","x")')).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(neutraliseFormula("+55 11 98765-4321")).toBe("'+55 11 98765-4321");
    expect(neutraliseFormula("-2+3")).toBe("'-2+3");
    expect(neutraliseFormula("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(neutraliseFormula("\t=1+1")).toBe("'\t=1+1");
    expect(neutraliseFormula("\r=1+1")).toBe("'\r=1+1");
  });

  it("leaves every other cell as it is", () => {
    for (const value of ["", "Ana Souza", "a=b", "ana@example.com", "5511987654321", " =1", "'quoted"])
      expect(neutraliseFormula(value)).toBe(value);
  });
});

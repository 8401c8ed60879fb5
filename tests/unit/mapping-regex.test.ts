// A mapping's regular expressions (lib/capture/sources/mapping/linear-regex.ts) run on RE2's engine: what JSONata's
// regex functions give is unchanged, a pattern that backtracks for minutes in JavaScript's engine answers at once,
// and one RE2 cannot run (backreferences, lookaround) is refused when the mapping compiles.
import { describe, expect, it } from "vitest";
import { LinearRegExp } from "@/lib/capture/sources/mapping/linear-regex";
import { compileMapping, evaluateMapping } from "@/lib/capture/sources/mapping/run-mapping";
import { isAppError } from "@/lib/errors";

const run = (expression: string, input: unknown) => evaluateMapping(compileMapping(expression), input);

describe("a mapping's regular expressions", () => {
  it("give JSONata's $match, $replace, $split and $contains what JavaScript's engine gives", async () => {
    const input = { phone: "Fone: (11) 91234-5678 / (21) 3333-4444", name: "ana SOUZA", note: "first\nSecond line" };
    const result = await run(
      `{
        "matches": $match(phone, /\\((\\d{2})\\) ([\\d-]+)/).{"match": match, "index": index, "groups": groups},
        "digits": $replace(phone, /\\D/, ""),
        "swapped": $replace(name, /(\\w+) (\\w+)/, "$2, $1"),
        "parts": $split(phone, / \\/ /),
        "upper": $contains(name, /souza/i),
        "lines": $match(note, /^\\w+$/m).match,
        "none": $contains(name, /^souza/)
      }`,
      input,
    );
    expect(result).toEqual({
      matches: [
        { match: "(11) 91234-5678", index: 6, groups: ["11", "91234-5678"] },
        { match: "(21) 3333-4444", index: 24, groups: ["21", "3333-4444"] },
      ],
      digits: "119123456782133334444",
      swapped: "SOUZA, ana",
      parts: ["Fone: (11) 91234-5678", "(21) 3333-4444"],
      upper: true,
      lines: "first",
      none: false,
    });
  });

  it("answer at once on a pattern and a text that make JavaScript's engine backtrack exponentially", async () => {
    // In JavaScript's engine this takes longer than the test's timeout (2^40 steps); the expression's own
    // timeout cannot stop it, as one regex call is one of JSONata's steps.
    const evil = `${"a".repeat(40)}!`;
    expect(await run(`{"bad": $contains(text, /^(a+)+$/), "nested": $match(text, /(a|aa)+$/).match}`, { text: evil })).toEqual({
      bad: false,
      nested: undefined,
    });
  });

  it("refuse backreferences and lookaround when the mapping compiles", () => {
    for (const pattern of ["(a)\\1", "a(?=b)", "(?<!x)y"]) {
      let caught: unknown;
      try {
        compileMapping(`{"x": $match(v, /${pattern}/)}`);
      } catch (error) {
        caught = error;
      }
      expect(isAppError(caught), pattern).toBe(true);
      expect((caught as { errors: { code: string }[] }).errors[0]!.code).toBe("unsupported_regex");
    }
  });

  it("walk a text from lastIndex as JavaScript's exec does, and start over when nothing more matches", () => {
    const regex = new LinearRegExp(/b(\d)/g);
    expect([...regex.exec("ab1 ab2")!]).toEqual(["b1", "1"]);
    expect(regex.lastIndex).toBe(3);
    const second = regex.exec("ab1 ab2")!;
    expect([second.index, second[1]]).toEqual([5, "2"]);
    expect(regex.exec("ab1 ab2")).toBeNull();
    expect(regex.lastIndex).toBe(0);
  });
});

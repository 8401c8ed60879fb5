import * as jsonc from "jsonc-parser";
import { describe, expect, it } from "vitest";
import { findDuplicateKey } from "@/lib/http/find-duplicate-key";

describe("findDuplicateKey", () => {
  it.each([
    ['{"email":1,"email":2}', "email"],
    ['{"email":1,"em\\u0061il":2}', "email"],
    ['{"a":{"city":1,"city":2}}', "a.city"],
    ['{"a":[{"x":1},{"x":1,"y":[{"z":1,"z":2}]}]}', "a[1].y[0].z"],
    ['{"b":[[{"k":1}],[{"k":2,"k":3}]]}', "b[1][0].k"],
    ['{"x":{},"x":[]}', "x"],
    ['{"a.b":1,"a.b":2}', "a.b"],
    ['{ "a" : 1 ,\n\t"a" : 2 }', "a"],
    ['{"\\ud800":1,"\\ud800":2}', "\ud800"],
  ])("finds the repeated key of %s", (text, path) => {
    expect(findDuplicateKey(text)).toBe(path);
  });

  it.each([
    '{"a":1,"b":{"a":2}}',
    '{"a":"a","b":["a","a"],"c":{"d":{"e":1}},"f":2}',
    '{"a":1,"A":2}',
    '{"e\\u0301":1,"é":2}',
    "{}",
  ])("finds none in %s", (text) => {
    expect(findDuplicateKey(text)).toBeUndefined();
  });

  it("reads the token kinds jsonc-parser uses at run time", () => {
    // find-duplicate-key.ts spells out SyntaxKind's values (a const enum): they must match the library's.
    const kinds = (jsonc as unknown as { SyntaxKind: Record<string, number> }).SyntaxKind;
    expect([
      kinds.OpenBraceToken,
      kinds.CloseBraceToken,
      kinds.OpenBracketToken,
      kinds.CloseBracketToken,
      kinds.CommaToken,
      kinds.StringLiteral,
      kinds.EOF,
    ]).toEqual([1, 2, 3, 4, 5, 10, 17]);
  });
});

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

  it.each([
    ['{"a\\\\":1,"a\\\\":2}', "a\\"],
    ['{"q\\"":"x\\\\\\"y","q\\"":1}', 'q"'],
    ['{"a":"}{,[","a":1}', "a"],
    ['[1,{"a":1,"a":2}]', "[1].a"],
    ['{"s":"\\"","t":{"u":"{","u":"}"}}', "t.u"],
  ])("reads strings with escapes and structural characters as strings: %s", (text, path) => {
    expect(findDuplicateKey(text)).toBe(path);
  });

  it.each(['"a"', "[]", '{"a":"\\\\","b":"\\\\\\\\"}', '{"a":{"a":{"a":1}}}'])("finds none in %s either", (text) => {
    expect(findDuplicateKey(text)).toBeUndefined();
  });

  it("takes bodies nested far deeper than the call stack", () => {
    const depth = 100_000;
    expect(findDuplicateKey(`${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`)).toBeUndefined();
    expect(findDuplicateKey(`${"[".repeat(depth)}{"k":1,"k":2}${"]".repeat(depth)}`)).toBe(`${"[0]".repeat(depth)}.k`);
  });
});

import { describe, expect, it } from "vitest";
import { formatPayload } from "@/lib/links/format-payload";

describe("formatPayload", () => {
  it("re-indents JSON without changing any value's spelling", () => {
    const raw = '{"n":12345678901234567890,"e":1e3,"s":"a,b:{c}[d] \\"q\\" \\\\","empty":{},"list":[ ],"nested":[1,{"x":null}]}';
    const formatted = formatPayload(raw);
    expect(formatted.kind).toBe("json");
    expect(formatted.text).toBe(
      [
        "{",
        '  "n": 12345678901234567890,',
        '  "e": 1e3,',
        '  "s": "a,b:{c}[d] \\"q\\" \\\\",',
        '  "empty": {},',
        '  "list": [],',
        '  "nested": [',
        "    1,",
        "    {",
        '      "x": null',
        "    }",
        "  ]",
        "}",
      ].join("\n"),
    );
    expect(JSON.parse(formatted.text)).toEqual(JSON.parse(raw));
  });

  it("keeps anything that is not JSON as it was received, and says when there was no body", () => {
    expect(formatPayload("name=Ana&email=a%40b")).toEqual({ kind: "text", text: "name=Ana&email=a%40b" });
    expect(formatPayload('{"name": ')).toEqual({ kind: "text", text: '{"name": ' });
    expect(formatPayload(null)).toEqual({ kind: "empty", text: "" });
    expect(formatPayload("   ")).toEqual({ kind: "empty", text: "" });
    expect(formatPayload('"just a string"')).toEqual({ kind: "json", text: '"just a string"' });
  });
});

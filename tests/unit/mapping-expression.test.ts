// The mapping source's JSONata runner (lib/capture/sources/mapping/run-mapping.ts): one compiled expression per
// link, replaced when its text changes; concurrent evaluations of one compiled expression keep their own input;
// the bounds on time, depth and size; signatures compared on the raw bytes.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { compileMapping, evaluateMapping, linkMapping } from "@/lib/capture/sources/mapping/run-mapping";
import { verifySignature } from "@/lib/capture/sources/mapping/verify-signature";
import { isAppError } from "@/lib/errors";

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(isAppError(error)).toBe(true);
  return error as { code: string; errors: { field: string; code: string }[] };
}

describe("the compiled expression of a link", () => {
  it("is compiled once per text, and again when the link's text changes", () => {
    const first = linkMapping("link-a", `{"email": mail}`);
    expect(linkMapping("link-a", `{"email": mail}`)).toBe(first);
    const changed = linkMapping("link-a", `{"email": contact.mail}`);
    expect(changed).not.toBe(first);
    expect(linkMapping("link-b", `{"email": mail}`)).not.toBe(first);
  });

  it("gives each of many concurrent evaluations its own input", async () => {
    const expression = linkMapping("link-concurrent", `( $x := $; {"email": $x.mail, "name": $$.name} )`);
    const inputs = Array.from({ length: 200 }, (_, index) => ({ mail: `m${index}@example.com`, name: `N${index}` }));
    const results = await Promise.all(inputs.map((input) => evaluateMapping(expression, input)));
    expect(results).toEqual(inputs.map((input) => ({ email: input.mail, name: input.name })));
  });
});

describe("bounds", () => {
  it("a syntax error names its position", async () => {
    const error = await failure(Promise.resolve().then(() => compileMapping(`{"email": (`)));
    expect(error.code).toBe("mapping_failed");
    expect(error.errors[0]!.field).toMatch(/^expression@\d+$/);
  });

  it("an endless recursion or loop stops", async () => {
    const error = await failure(evaluateMapping(compileMapping(`( $f := function($n) { $f($n + 1) }; {"a": $f(0)} )`), {}));
    expect(["timeout", "too_deep"]).toContain(error.errors[0]!.code);
  });

  it("a result larger than the body limit is refused", async () => {
    const error = await failure(evaluateMapping(compileMapping(`{"name": $join([1..9000].("abcdefgh"), "")}`), {}));
    expect(error.errors).toEqual([expect.objectContaining({ field: "$", code: "too_large" })]);
  });
});

describe("signatures", () => {
  const body = new TextEncoder().encode(`{"a":"é"}`);
  const digest = createHmac("sha256", "k").update(body).digest("base64");
  it("Typeform's sha256=<base64> and Tally's <base64> of the raw bytes", () => {
    expect(() => verifySignature("typeform", "k", new Headers({ "Typeform-Signature": `sha256=${digest}` }), body)).not.toThrow();
    expect(() => verifySignature("tally", "k", new Headers({ "Tally-Signature": digest }), body)).not.toThrow();
  });
  it("refuses a missing, malformed or wrong one with invalid_signature", () => {
    for (const headers of [
      new Headers(),
      new Headers({ "Typeform-Signature": digest }),
      new Headers({ "Typeform-Signature": "sha256=not-base64!!" }),
      new Headers({ "Typeform-Signature": `sha256=${createHmac("sha256", "other").update(body).digest("base64")}` }),
    ]) {
      let caught: unknown;
      try {
        verifySignature("typeform", "k", headers, body);
      } catch (error) {
        caught = error;
      }
      expect(isAppError(caught) && caught.code).toBe("invalid_signature");
    }
  });
});

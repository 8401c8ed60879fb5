// Issue 9, item 7: a JSON body with a key twice in one object was accepted, the last one winning. Another
// system in front of Leadlink (a WAF, a proxy that logs or filters) may read the first: the same bytes
// would mean two leads. Such a body is now 400 invalid_json naming the key and where it is.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/database";
import { expectProblem, leadCount, postText, setupLink, submissionsOf, uniqueEmail } from "../support/ingest-helpers";

const db = useTestDatabase();

describe("a key twice in one object", () => {
  it.each([
    ["email at the top", '{"email":"a@example.com","name":"Ana","email":"b@example.com"}', "email"],
    ["the same value twice", '{"email":"a@example.com","email":"a@example.com"}', "email"],
    ["an escaped spelling of the same key", '{"email":"a@example.com","em\\u0061il":"b@example.com"}', "email"],
    ["fully escaped", '{"\\u0065\\u006d\\u0061\\u0069\\u006c":"a@example.com","email":"b@example.com"}', "email"],
    ["a subfield of address", '{"name":"Ana","address":{"city":"Recife","zipCode":"50000-000","city":"Olinda"}}', "address.city"],
    ["a custom field", '{"name":"Ana","customFields":{"company":"Acme","company":"Other"}}', "customFields.company"],
    ["inside an array", '{"name":"Ana","extra":[{"sku":1},{"sku":2,"sku":3}]}', "extra[1].sku"],
    ["__proto__", '{"name":"Ana","__proto__":{"x":1},"__proto__":{"y":2}}', "__proto__"],
    ["an object, then a string", '{"address":{"city":"Recife"},"address":"Olinda"}', "address"],
  ])("refuses %s with 400 invalid_json naming it, writes no lead and records the request", async (_name, body, path) => {
    const { token, link, workspace } = await setupLink(db.current);
    const problem = await expectProblem(await postText(token, body), 400, "invalid_json");
    expect(problem.detail).toContain(`duplicate key ${JSON.stringify(path)}`);
    expect(problem.errors).toEqual([{ field: path, code: "duplicate_key", message: expect.any(String) }]);
    expect(await leadCount(db.current, workspace.id)).toBe(0);
    expect(await submissionsOf(db.current, link.id)).toMatchObject([
      { outcome: "rejected", status: 400, errorCode: "invalid_json", payload: body },
    ]);
  });

  it.each([
    ["a NUL", '{"a\\u0000b":1,"a\\u0000b":2}', "a\uFFFDb"],
    ["a lone surrogate", '{"x\\ud800":1,"x\\ud800":2}', "x\uFFFD"],
  ])(
    "names a repeated key holding %s in a form the request log can store, and records the request",
    async (_name, body, shown) => {
      const { token, link } = await setupLink(db.current);
      const problem = await expectProblem(await postText(token, body), 400, "invalid_json");
      expect(problem.errors).toEqual([{ field: shown, code: "duplicate_key", message: expect.any(String) }]);
      expect(await submissionsOf(db.current, link.id)).toMatchObject([
        { outcome: "rejected", errorCode: "invalid_json", errors: [{ field: shown }] },
      ]);
    },
  );

  it.each([
    ["the same key in different objects", { name: "Ana", address: { name: "x" }, customFields: { name: "y" } }],
    ["the same string as a key and a value", { name: "email", email: uniqueEmail() }],
    ["equal strings in an array", { name: "Ana", tags: ["a", "a"], extra: [{ k: 1 }, { k: 1 }] }],
    ["keys that differ only in case", { name: "Ana", Name: "Bia", NAME: "Cid" }],
  ])("accepts %s", async (_name, lead) => {
    const { token } = await setupLink(db.current);
    expect((await postText(token, JSON.stringify(lead))).status).toBe(201);
  });

  it("finds a duplicate key thousands of levels deep, and takes such a body without one (no stack overflow)", async () => {
    const { token } = await setupLink(db.current);
    const depth = 5_000;
    const nested = (inner: string) => `{"name":"Ana","extra":${'{"a":'.repeat(depth)}${inner}${"}".repeat(depth)}}`;
    const problem = await expectProblem(await postText(token, nested('{"k":1,"k":2}')), 400, "invalid_json");
    expect(problem.detail).toContain('duplicate key "extra.a.a.a');
    expect(problem.detail.length).toBeLessThan(500);
    const arrays = `{"name":"Ana","extra":${"[".repeat(20_000)}1${"]".repeat(20_000)}}`;
    expect((await postText(token, arrays)).status).toBe(201);
    expect((await postText(token, nested("1"))).status).toBe(201);
  });
});

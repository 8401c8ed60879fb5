// DESIGN.md section 8: the OpenAPI 3.1 document validates, documents every error code, and the real
// answers of every operation match the schemas it documents for them.
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { ERROR_CODES } from "@/lib/error-codes";
import { api } from "../support/api-client";
import { useTestDatabase } from "../support/database";
import { send } from "../support/ingest-client";
import { setupLink, uniqueEmail } from "../support/ingest-helpers";

const db = useTestDatabase();

let document: any;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

beforeAll(async () => {
  const response = await api("/api/v1/openapi.json");
  expect(response.status).toBe(200);
  document = await response.json();
  ajv.addSchema({ ...document, $id: "https://leadlink.test/openapi.json" });
});

const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

/** The documented schema of an operation's answer with this status and media type. */
function responseValidator(path: string, method: string, status: number, media: string) {
  const operation = document.paths[path][method];
  expect(operation.responses[String(status)], `${method.toUpperCase()} ${path} documents ${status}`).toBeDefined();
  expect(operation.responses[String(status)].content?.[media], `${method} ${path} ${status} ${media}`).toBeDefined();
  return ajv.compile({
    $ref: `https://leadlink.test/openapi.json#/${pointer("paths", path, method, "responses", String(status), "content", media, "schema")}`,
  });
}

/** Checks a real answer against the document: status documented, body valid for it. */
async function expectDocumented(response: Response, path: string, method: string) {
  const status = response.status;
  const text = await response.text();
  if (status === 204) {
    expect(document.paths[path][method].responses["204"]).toBeDefined();
    expect(text).toBe("");
    return undefined;
  }
  const media = (response.headers.get("content-type") ?? "").split(";")[0]!;
  const validate = responseValidator(path, method, status, media);
  const body = JSON.parse(text);
  expect(validate(body), `${method.toUpperCase()} ${path} ${status}: ${JSON.stringify(validate.errors)}`).toBe(true);
  return body;
}

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("has every operation of section 8 and the ingest endpoint, each with an example, and every error code", () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item as object).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [
        "POST /ingest/{captureLink}",
        "GET /api/v1/leads",
        "GET /api/v1/leads/{id}",
        "PATCH /api/v1/leads/{id}",
        "DELETE /api/v1/leads/{id}",
        "GET /api/v1/links",
        "POST /api/v1/links",
        "POST /api/v1/links/{id}/revoke",
        "GET /api/v1/links/{id}/form",
        "PUT /api/v1/links/{id}/form",
        "GET /api/v1/links/{id}/stats",
        "GET /api/v1/reports/campaigns",
        "GET /api/v1/links/{id}/assignment",
        "PATCH /api/v1/links/{id}/assignment",
        "GET /api/v1/fields",
        "POST /api/v1/fields",
        "GET /api/v1/members",
        "GET /api/v1/webhooks",
        "POST /api/v1/webhooks",
        "DELETE /api/v1/webhooks/{id}",
        "GET /api/v1/openapi.json",
      ].sort(),
    );
    for (const [path, item] of Object.entries<any>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        const contents = Object.values<any>(operation.responses).flatMap((response) =>
          Object.values<any>(response.content ?? {}),
        );
        expect(
          contents.some((content) => content.example !== undefined || content.examples),
          `${method} ${path}`,
        ).toBe(true);
        // Every example is valid for its schema.
        for (const [status, response] of Object.entries<any>(operation.responses)) {
          for (const [media, content] of Object.entries<any>(response.content ?? {})) {
            const validate = responseValidator(path, method, Number(status), media);
            const examples = content.examples
              ? Object.values<any>(content.examples).map((entry) => entry.value)
              : [content.example];
            for (const example of examples)
              expect(validate(example), `${method} ${path} ${status}: ${JSON.stringify(validate.errors)}`).toBe(true);
          }
        }
      }
    }
    expect(document.components.schemas.Problem.properties.code.enum.sort()).toEqual(Object.keys(ERROR_CODES).sort());
    for (const code of Object.keys(ERROR_CODES)) expect(document.info.description).toContain(`\`${code}\``);
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(
      document.paths["/ingest/{captureLink}"].post.parameters.map((parameter: { name: string }) => parameter.name),
    ).toContain("Leadlink-Dry-Run");
  });
});

describe("real answers match the document", () => {
  it("for every operation, success and errors", async () => {
    const { workspace, token, link } = await setupLink(db.current);
    const write = (await createApiKey(workspace.id, { name: "Writer", scope: "write" })).token;
    const read = (await createApiKey(workspace.id, { name: "Reader" })).token;
    const ingest = "/ingest/{captureLink}";
    const email = uniqueEmail();

    const created = await expectDocumented(
      await send(token, { body: { email, name: "Ana", utmSource: "google", customFields: { x: 1 } } }),
      ingest,
      "post",
    );
    await expectDocumented(await send(token, { body: { email, city: "Recife" } }), ingest, "post");
    await expectDocumented(
      await send(token, { body: { email: uniqueEmail() }, headers: { "Leadlink-Dry-Run": "1" } }),
      ingest,
      "post",
    );
    await expectDocumented(await send(token, { body: { email: "bad" } }), ingest, "post");
    await expectDocumented(await send(token, { body: "[]" }), ingest, "post");
    await expectDocumented(await send("cl_0000000000000000000000", { body: {} }), ingest, "post");

    await expectDocumented(
      await api("/api/v1/reports/campaigns?groupBy=campaign", { key: read }),
      "/api/v1/reports/campaigns",
      "get",
    );
    await expectDocumented(
      await api("/api/v1/reports/campaigns?touch=middle", { key: read }),
      "/api/v1/reports/campaigns",
      "get",
    );
    await expectDocumented(await api(`/api/v1/links/${link.id}/stats`, { key: read }), "/api/v1/links/{id}/stats", "get");
    await expectDocumented(
      await api(`/api/v1/links/${crypto.randomUUID()}/stats`, { key: read }),
      "/api/v1/links/{id}/stats",
      "get",
    );
    await expectDocumented(await api("/api/v1/leads?limit=1", { key: read }), "/api/v1/leads", "get");
    await expectDocumented(await api("/api/v1/leads?limit=0", { key: read }), "/api/v1/leads", "get");
    await expectDocumented(await api("/api/v1/leads"), "/api/v1/leads", "get");
    await expectDocumented(await api(`/api/v1/leads/${created.leadId}`, { key: read }), "/api/v1/leads/{id}", "get");
    await expectDocumented(await api(`/api/v1/leads/${crypto.randomUUID()}`, { key: read }), "/api/v1/leads/{id}", "get");
    await expectDocumented(
      await api(`/api/v1/leads/${created.leadId}`, { key: write, method: "PATCH", body: { status: "contacted", tags: ["vip"] } }),
      "/api/v1/leads/{id}",
      "patch",
    );
    await expectDocumented(
      await api(`/api/v1/leads/${created.leadId}`, { key: write, method: "PATCH", body: { status: "maybe" } }),
      "/api/v1/leads/{id}",
      "patch",
    );
    await expectDocumented(
      await api(`/api/v1/leads/${created.leadId}`, { key: write, method: "PATCH", body: { ownerEmail: "nobody@example.com" } }),
      "/api/v1/leads/{id}",
      "patch",
    );
    await expectDocumented(
      await api(`/api/v1/leads/${created.leadId}`, { key: read, method: "DELETE" }),
      "/api/v1/leads/{id}",
      "delete",
    );
    await expectDocumented(
      await api(`/api/v1/leads/${created.leadId}`, { key: write, method: "DELETE" }),
      "/api/v1/leads/{id}",
      "delete",
    );

    await expectDocumented(await api("/api/v1/links", { key: read }), "/api/v1/links", "get");
    const newLink = await expectDocumented(
      await api("/api/v1/links", { key: write, method: "POST", body: { name: "API" } }),
      "/api/v1/links",
      "post",
    );
    await expectDocumented(await api("/api/v1/links", { key: write, method: "POST", body: "{" }), "/api/v1/links", "post");
    await expectDocumented(
      await api("/api/v1/links", { key: read, method: "POST", body: { name: "x" } }),
      "/api/v1/links",
      "post",
    );
    await expectDocumented(
      await api(`/api/v1/links/${newLink.id}/revoke`, { key: write, method: "POST" }),
      "/api/v1/links/{id}/revoke",
      "post",
    );
    await expectDocumented(
      await api(`/api/v1/links/${crypto.randomUUID()}/revoke`, { key: write, method: "POST" }),
      "/api/v1/links/{id}/revoke",
      "post",
    );

    const form = `/api/v1/links/${link.id}/form`;
    const shownForm = await expectDocumented(await api(form, { key: read }), "/api/v1/links/{id}/form", "get");
    await expectDocumented(await api(form, { key: write, method: "PUT", body: shownForm }), "/api/v1/links/{id}/form", "put");
    await expectDocumented(
      await api(form, { key: write, method: "PUT", body: { ...shownForm, theme: { color: "red" } } }),
      "/api/v1/links/{id}/form",
      "put",
    );
    await expectDocumented(await api(form, { key: read, method: "PUT", body: shownForm }), "/api/v1/links/{id}/form", "put");
    await expectDocumented(
      await api(`/api/v1/links/${newLink.id}/form`, { key: write, method: "PUT", body: shownForm }),
      "/api/v1/links/{id}/form",
      "put",
    );
    await expectDocumented(
      await api(`/api/v1/links/${crypto.randomUUID()}/form`, { key: read }),
      "/api/v1/links/{id}/form",
      "get",
    );

    await expectDocumented(
      await api("/api/v1/fields", { key: write, method: "POST", body: { name: "x", label: "X", type: "number" } }),
      "/api/v1/fields",
      "post",
    );
    await expectDocumented(
      await api("/api/v1/fields", { key: write, method: "POST", body: { name: "" } }),
      "/api/v1/fields",
      "post",
    );
    await expectDocumented(await api("/api/v1/fields", { key: read }), "/api/v1/fields", "get");
    await expectDocumented(await api("/api/v1/members", { key: read }), "/api/v1/members", "get");
    await expectDocumented(await api("/api/v1/members"), "/api/v1/members", "get");

    const hook = await expectDocumented(
      await api("/api/v1/webhooks", {
        key: write,
        method: "POST",
        body: { url: "https://example.com/h", linkIds: [link.id], headers: [{ name: "X-Key", value: "secret" }] },
      }),
      "/api/v1/webhooks",
      "post",
    );
    await expectDocumented(await api("/api/v1/webhooks", { key: read }), "/api/v1/webhooks", "get");
    await expectDocumented(
      await api(`/api/v1/webhooks/${hook.id}`, { key: write, method: "DELETE" }),
      "/api/v1/webhooks/{id}",
      "delete",
    );
    await expectDocumented(
      await api(`/api/v1/webhooks/${hook.id}`, { key: write, method: "DELETE" }),
      "/api/v1/webhooks/{id}",
      "delete",
    );
    await expectDocumented(await api("/api/v1/openapi.json"), "/api/v1/openapi.json", "get");
  });
});

// Issue 28, part 2 (DESIGN.md section 15): a link whose source is `mapping`. Each preset gets its platform's
// documented webhook payload (tests/support/mapping-payloads.ts) through the real /ingest handler, on both
// databases: the stored lead, its custom fields by label, its UTM, the log entry, the events. Typeform's and
// Tally's signatures, an expression that throws, a result that is no object, an expression that never ends.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { MAPPING_PRESETS, type MappingPresetName } from "@/lib/capture/sources/mapping/presets";
import { MAPPING_TIMEOUT_MS } from "@/lib/capture/sources/mapping/run-mapping";
import { statement } from "@/lib/db/client";
import { resetEnv } from "@/lib/env";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { useTestDatabase } from "../support/database";
import { createField, createLink } from "../support/fixtures";
import { multipart } from "../support/form-posts";
import { post, send } from "../support/ingest-client";
import { bodyOf, expectProblem, submissionsOf, uniqueEmail, withoutRateLimit } from "../support/ingest-helpers";
import { elementorAdvanced, elementorSimple, jotformForm, tallyPayload, typeformPayload } from "../support/mapping-payloads";
import { newTenant } from "../support/tenants";
import { type Receiver, startReceiver } from "../support/webhook-receiver";

const db = useTestDatabase();
withoutRateLimit();
let receiver: Receiver;
const saved = process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;

beforeAll(async () => {
  receiver = await startReceiver();
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";
  resetEnv();
});

afterAll(async () => {
  await receiver?.close();
  if (saved === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  else process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = saved;
  resetEnv();
});

interface MappingOptions {
  preset?: MappingPresetName | null;
  expression?: string;
  signingSecret?: string | null;
}

/** A workspace (with a webhook endpoint, so ingest writes its events) and a link whose source is `mapping`. */
async function mappingLink(options: MappingOptions) {
  const { workspace, owner } = await newTenant("Mapping");
  await createEndpoint(workspace.id, { url: receiver.url(`/mapping-${workspace.slug}`) });
  const link = await createLink(db.current, workspace.id);
  const preset = options.preset ?? null;
  await db.current.prisma.captureLink.update({
    where: { id: link.id },
    data: {
      source: "mapping",
      sourceSettings: {
        preset,
        expression: options.expression ?? (preset ? MAPPING_PRESETS[preset].expression : ""),
        signingSecret: options.signingSecret ?? null,
      },
    },
  });
  invalidateCaptureLinks(workspace.id);
  return { workspace, owner, link, token: link.token };
}

async function onlyLead(workspaceId: string) {
  const leads = await db.current.prisma.lead.findMany({ where: { workspaceId } });
  expect(leads).toHaveLength(1);
  return leads[0]!;
}

function eventsOf(workspaceId: string) {
  return db.current.sql<{ type: string; lead_id: string | null; data: { lead?: Record<string, unknown> } }>(
    statement(`SELECT type, lead_id, data FROM events WHERE workspace_id = $1::uuid ORDER BY created_at`, [workspaceId]),
  );
}

function sign(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body).digest("base64");
}

function postForm(token: string, fields: [string, string][]) {
  return send(token, {
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

describe("presets, with each platform's documented payload", () => {
  it("Typeform: answers by type, titles as custom fields, UTM from hidden fields, the token as idempotency key", async () => {
    const { workspace, link, token } = await mappingLink({ preset: "typeform" });
    await createField(db.current, workspace.id, { name: "plan", label: "Which plan interests you?" });
    const email = uniqueEmail("typeform");
    const payload = typeformPayload(email);
    const first = await post(token, payload);
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    const lead = await onlyLead(workspace.id);
    expect(first.json!.leadId).toBe(lead.id);
    expect(lead).toMatchObject({
      name: "Laura",
      email,
      phone: "5511987654321",
      firstUtmSource: "instagram",
      firstUtmMedium: "social",
      firstUtmCampaign: "black-friday",
      lastUtmSource: "instagram",
    });
    expect(Object.values(lead.customFields as object)).toEqual(["Business"]);
    // Titles with no custom field are the pipeline's usual warning, not a failure.
    expect(first.json!.warnings.map((warning: { field: string }) => warning.field)).toContain("customFields.How many employees?");
    const [entry] = await submissionsOf(db.current, link.id);
    expect(entry).toMatchObject({ outcome: "created", leadId: lead.id, dryRun: false, utmSource: "instagram" });
    expect(JSON.parse(entry!.payload!)).toEqual(payload);
    expect(entry!.sourceData).toMatchObject({
      mapped: { email, name: "Laura", utmCampaign: "black-friday" },
      platform: { formId: "lT4Z3j", token: "a3a12ec67a1365927098a606107fac15" },
    });
    // Typeform resends a response it could not deliver: stored once.
    const again = await post(token, payload);
    expect(again.status).toBe(201);
    expect(again.json!.leadId).toBe(lead.id);
    expect(await submissionsOf(db.current, link.id)).toHaveLength(1);
    const events = await eventsOf(workspace.id);
    expect(events.map((event) => event.type)).toEqual(["lead.created"]);
    expect(events[0]!.data.lead).toMatchObject({ id: lead.id, email, name: "Laura" });
  });

  it("Tally: fields by type and label, option ids as their text, hidden UTM fields", async () => {
    const { workspace, link, token } = await mappingLink({ preset: "tally" });
    await createField(db.current, workspace.id, { name: "size", label: "Company size" });
    await createField(db.current, workspace.id, { name: "interests", label: "Interests" });
    const email = uniqueEmail("tally");
    const response = await post(token, tallyPayload(email));
    expect(response.status, JSON.stringify(response.json)).toBe(201);
    const lead = await onlyLead(workspace.id);
    expect(lead).toMatchObject({
      name: "Alice Souza",
      email,
      phone: "5511912345678",
      firstUtmSource: "google",
      firstUtmCampaign: "spring-sale",
    });
    expect(Object.values(lead.customFields as object).sort()).toEqual(["Ads, SEO", "Large"]);
    const [entry] = await submissionsOf(db.current, link.id);
    expect(entry).toMatchObject({ outcome: "created", idempotencyKey: "2wgx4n" });
    expect(entry!.sourceData).toMatchObject({ platform: { formId: "VwbNEw", responseId: "2wgx4n" } });
    expect((await eventsOf(workspace.id)).map((event) => event.type)).toEqual(["lead.created"]);
  });

  it("Elementor: the urlencoded webhook without and with Advanced Data, then an update of the same lead", async () => {
    const { workspace, link, token } = await mappingLink({ preset: "elementor" });
    await createField(db.current, workspace.id, { name: "company", label: "Empresa" });
    const email = uniqueEmail("elementor");
    const simple = await postForm(token, elementorSimple(email));
    expect(simple.status, await simple.clone().text()).toBe(201);
    const lead = await onlyLead(workspace.id);
    expect(lead).toMatchObject({ name: "Carla Mendes", email, phone: "5511976543210", firstUtmSource: "facebook" });
    expect(Object.values(lead.customFields as object)).toEqual(["Mendes & Filhos"]);

    const advanced = await postForm(token, elementorAdvanced(email));
    expect(advanced.status, await advanced.clone().text()).toBe(200);
    const updated = await onlyLead(workspace.id);
    expect(updated).toMatchObject({ id: lead.id, firstUtmSource: "facebook", lastUtmCampaign: "natal" });
    const entries = await submissionsOf(db.current, link.id);
    expect(entries.map((entry) => entry.outcome)).toEqual(["created", "updated"]);
    // The log keeps the form as the object it became, which "try on the last request" reads again.
    expect(JSON.parse(entries[1]!.payload!)).toMatchObject({ form: { id: "a1b2c3d" }, fields: { email: { value: email } } });
    expect(entries[1]!.sourceData).toMatchObject({ platform: { formId: "a1b2c3d", formName: "Contato" } });
    expect((await eventsOf(workspace.id)).map((event) => event.type)).toEqual(["lead.created", "lead.updated"]);
  });

  it("Jotform: the multipart webhook's rawRequest (name, email, phone, address), labels from `pretty`", async () => {
    const { workspace, link, token } = await mappingLink({ preset: "jotform" });
    await createField(db.current, workspace.id, { name: "channel", label: "How did you hear about us?" });
    const email = uniqueEmail("jotform");
    const { body, contentType } = await multipart(jotformForm(email));
    const response = await send(token, { body, headers: { "content-type": contentType } });
    expect(response.status, await response.clone().text()).toBe(201);
    const lead = await onlyLead(workspace.id);
    expect(lead).toMatchObject({
      name: "Bruno Lima",
      email,
      phone: "5521998765432",
      address: { street: "Rua das Flores, 100", city: "Rio de Janeiro", state: "RJ", zipCode: "22041-001" },
      firstUtmSource: "newsletter",
    });
    expect(Object.values(lead.customFields as object)).toEqual(["Instagram"]);
    const [entry] = await submissionsOf(db.current, link.id);
    expect(entry).toMatchObject({ outcome: "created", idempotencyKey: "6084250982513018472" });
    expect(JSON.parse(entry!.payload!)).toMatchObject({ formID: "243231271343446", submissionID: "6084250982513018472" });
  });
});

describe("signatures (Typeform-Signature, Tally-Signature)", () => {
  it("Typeform: sha256=<base64> of the raw body is accepted; a wrong or missing one is 403 invalid_signature, logged", async () => {
    const secret = "typeform-secret-1";
    const { workspace, link, token } = await mappingLink({ preset: "typeform", signingSecret: secret });
    const body = JSON.stringify(typeformPayload(uniqueEmail("signed"), "tf-signed-1"));
    const missing = await send(token, { body });
    await expectProblem(missing, 403, "invalid_signature");
    const wrong = await send(token, { body, headers: { "typeform-signature": `sha256=${sign("other", body)}` } });
    await expectProblem(wrong, 403, "invalid_signature");
    const bare = await send(token, { body, headers: { "typeform-signature": sign(secret, body) } });
    await expectProblem(bare, 403, "invalid_signature");
    const good = await send(token, { body, headers: { "Typeform-Signature": `sha256=${sign(secret, body)}` } });
    expect(good.status, await good.clone().text()).toBe(201);
    const entries = await submissionsOf(db.current, link.id);
    expect(entries.map((entry) => [entry.outcome, entry.errorCode, entry.status])).toEqual([
      ["rejected", "invalid_signature", 403],
      ["rejected", "invalid_signature", 403],
      ["rejected", "invalid_signature", 403],
      ["created", null, 201],
    ]);
    expect(entries[0]!.payload).toBe(body);
    expect(await onlyLead(workspace.id)).toBeTruthy();
  });

  it("Tally: <base64> of the raw body; wrong or missing is 403; no secret on the link: nothing is checked", async () => {
    const secret = "tally-secret-2";
    const { token } = await mappingLink({ preset: "tally", signingSecret: secret });
    const body = JSON.stringify(tallyPayload(uniqueEmail("tally-signed"), "tl-signed-1"));
    await expectProblem(await send(token, { body }), 403, "invalid_signature");
    await expectProblem(
      await send(token, { body, headers: { "tally-signature": sign(secret, `${body} `) } }),
      403,
      "invalid_signature",
    );
    const good = await send(token, { body, headers: { "tally-signature": sign(secret, body) } });
    expect(good.status, await good.clone().text()).toBe(201);

    const unsigned = await mappingLink({ preset: "tally" });
    const open = await send(unsigned.token, { body: JSON.stringify(tallyPayload(uniqueEmail("open"), "tl-open")) });
    expect(open.status).toBe(201);
  });
});

describe("expressions that fail", () => {
  it("an expression that throws is a rejected submission (422 mapping_failed) with its error, the body kept", async () => {
    const { workspace, link, token } = await mappingLink({ expression: `{"email": $error("no email in this request")}` });
    const body = { contact: { mail: uniqueEmail() } };
    const response = await send(token, { body });
    const problem = await expectProblem(response, 422, "mapping_failed");
    expect(problem.detail).toMatch(/no email in this request/);
    const [entry] = await submissionsOf(db.current, link.id);
    expect(entry).toMatchObject({ outcome: "rejected", errorCode: "mapping_failed", status: 422, leadId: null });
    expect(JSON.parse(entry!.payload!)).toEqual(body);
    expect(entry!.errors).toEqual([
      expect.objectContaining({ field: expect.stringMatching(/^expression/), message: expect.stringMatching(/no email/) }),
    ]);
    expect(await db.current.prisma.lead.count({ where: { workspaceId: workspace.id } })).toBe(0);
  });

  it("a path into something that is not there names the expression's position", async () => {
    const { token } = await mappingLink({ expression: `{"email": $substring(contact.mail, "x")}` });
    const problem = await expectProblem(await send(token, { body: { contact: { mail: "a@b.co" } } }), 422, "mapping_failed");
    expect(problem.errors[0].field).toMatch(/^expression@\d+$/);
  });

  it("a result that is not an object is refused: a string, a list, nothing", async () => {
    for (const expression of [`"just text"`, `[{"email": "a@b.co"}]`, `missing.path`]) {
      const { link, token } = await mappingLink({ expression });
      const problem = await expectProblem(await send(token, { body: { a: 1 } }), 422, "mapping_failed");
      expect(problem.errors).toEqual([expect.objectContaining({ field: "$", code: "not_an_object" })]);
      expect((await submissionsOf(db.current, link.id))[0]).toMatchObject({ errorCode: "mapping_failed" });
    }
  });

  it("an expression that never ends is stopped within its time bound, and the server goes on", async () => {
    const { link, token } = await mappingLink({
      expression: `( $loop := function($n) { $n < 0 ? $n : $loop($n + 1) }; {"email": $string($loop(0))} )`,
    });
    const started = Date.now();
    const problem = await expectProblem(await send(token, { body: { a: 1 } }), 422, "mapping_failed");
    // Generous: two cores shared with other work. The bound itself is MAPPING_TIMEOUT_MS (or the depth limit).
    expect(Date.now() - started).toBeLessThan(MAPPING_TIMEOUT_MS * 20);
    expect(["timeout", "too_deep"]).toContain(problem.errors[0].code);
    expect((await submissionsOf(db.current, link.id))[0]).toMatchObject({ outcome: "rejected", errorCode: "mapping_failed" });
    const ok = await mappingLink({ expression: `{"email": contact.mail}` });
    const email = uniqueEmail();
    const response = await post(ok.token, { contact: { mail: email } });
    expect(response.status).toBe(201);
  });

  it("a mapped lead that fails the lead's own rules is the pipeline's validation_failed, logged with the mapped lead", async () => {
    const { link, token } = await mappingLink({ expression: `{"email": contact.mail, "birthday": "31/12/1990"}` });
    const problem = await expectProblem(await send(token, { body: { contact: { mail: "x@y.co" } } }), 422, "validation_failed");
    expect(problem.errors.map((issue: { field: string }) => issue.field)).toEqual(["birthday"]);
    const [entry] = await submissionsOf(db.current, link.id);
    expect(entry).toMatchObject({ outcome: "rejected", errorCode: "validation_failed" });
    expect(entry!.sourceData).toMatchObject({ mapped: { email: "x@y.co", birthday: "31/12/1990" } });
  });

  it("a body that is neither JSON nor a form is refused as usual", async () => {
    const { token } = await mappingLink({ preset: "typeform" });
    await expectProblem(
      await send(token, { body: "<xml/>", headers: { "content-type": "application/xml" } }),
      415,
      "unsupported_media_type",
    );
    await expectProblem(await send(token, { body: "{not json" }), 400, "invalid_json");
  });
});

describe("tenancy", () => {
  it("a mapped lead goes to the link's workspace only, and dedupes there only", async () => {
    const first = await mappingLink({ preset: "tally" });
    const second = await mappingLink({ preset: "tally" });
    const email = uniqueEmail("tenant");
    const one = await bodyOf(await send(first.token, { body: tallyPayload(email, "tenant-a") }));
    const two = await bodyOf(await send(second.token, { body: tallyPayload(email, "tenant-b") }));
    expect(one.created).toBe(true);
    expect(two.created).toBe(true);
    expect(one.leadId).not.toBe(two.leadId);
    expect((await onlyLead(first.workspace.id)).id).toBe(one.leadId);
    expect((await onlyLead(second.workspace.id)).id).toBe(two.leadId);
  });
});

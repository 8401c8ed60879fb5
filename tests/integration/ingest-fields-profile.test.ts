// DESIGN.md §3 "Normalisation and validation", rows birthday, state, instagram, address, utm*, unknown
// top-level keys, wrong JSON types, "422 lists every invalid field", and "none of name/email/telephone sent".
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/database";
import { fieldClient, isoDate, todayUtc } from "../support/ingest-fields";
import { setupLink, submissionsOf, uniqueEmail, withoutRateLimit } from "../support/ingest-helpers";

const db = useTestDatabase();
withoutRateLimit();
let target: { token: string; workspaceId: string; linkId: string };
const client = fieldClient(
  () => db.current,
  () => target,
);

beforeAll(async () => {
  const { token, workspace, link } = await setupLink(db.current);
  target = { token, workspaceId: workspace.id, linkId: link.id };
});

const fieldsOf = (problem: { errors: { field: string }[] }) => problem.errors.map((issue) => issue.field).sort();

describe("birthday", () => {
  it.each(["1990-05-17", "2000-02-29", "1900-01-01", todayUtc(-1)])("accepts %s", async (birthday) => {
    const { lead } = await client.accepted({ email: uniqueEmail(), birthday });
    expect(isoDate(lead.birthday)).toBe(birthday);
  });

  it.each([
    ["not a leap year", "2023-02-29"],
    ["1900 is not a leap year", "1900-02-29"],
    ["month 13", "1990-13-01"],
    ["day 32", "1990-01-32"],
    ["April 31", "1990-04-31"],
    ["before 1900", "1899-12-31"],
    ["in the future", todayUtc(2)],
    ["next year", `${new Date().getUTCFullYear() + 1}-01-01`],
    ["another format", "17/05/1990"],
    ["no zero padding", "1990-5-17"],
    ["a timestamp", "1990-05-17T00:00:00Z"],
    ["words", "yesterday"],
  ])("rejects %s (%s)", async (_name, birthday) => {
    expect(fieldsOf(await client.rejected({ email: uniqueEmail(), birthday }))).toEqual(["birthday"]);
  });
});

describe("state", () => {
  it.each([
    ["sp", "SP"],
    ["Rj", "RJ"],
    ["  mg ", "MG"],
    ["São Paulo", "SP"],
    ["sao paulo", "SP"],
    ["SAO PAULO", "SP"],
    ["Espírito Santo", "ES"],
    ["espirito santo", "ES"],
    ["Rio Grande do Sul", "RS"],
    ["rio grande do norte", "RN"],
    ["Distrito Federal", "DF"],
    ["Pará", "PA"],
    ["Bavaria", "Bavaria"],
    ["Île-de-France", "Île-de-France"],
    ["XX", "XX"],
  ])("stores %j as %j", async (state, stored) => {
    const { lead } = await client.accepted({ email: uniqueEmail(), state });
    expect(lead.state).toBe(stored);
  });
});

describe("instagram", () => {
  it.each([
    ["ana.silva", "ana.silva"],
    ["@ana.silva", "ana.silva"],
    ["@Ana_Silva_99", "Ana_Silva_99"],
    ["https://www.instagram.com/ana_silva/", "ana_silva"],
    ["https://instagram.com/ana_silva", "ana_silva"],
    ["http://instagram.com/ana_silva?igshid=abc123", "ana_silva"],
    ["instagram.com/ana_silva", "ana_silva"],
    ["www.instagram.com/ana_silva/", "ana_silva"],
    ["a".repeat(30), "a".repeat(30)],
  ])("stores %j as %j", async (instagram, stored) => {
    const { lead } = await client.accepted({ email: uniqueEmail(), instagram });
    expect(lead.instagram).toBe(stored);
  });

  it.each([
    "ana silva",
    "ana-silva",
    "ana!",
    "@",
    "a".repeat(31),
    "https://example.com/ana_silva",
    "https://www.instagram.com/p/Cx1yZ/",
    "@@ana",
  ])("rejects %j", async (instagram) => {
    expect(fieldsOf(await client.rejected({ email: uniqueEmail(), instagram }))).toEqual(["instagram"]);
  });
});

describe("address", () => {
  it("stores every subfield, trimmed", async () => {
    const address = {
      street: " Rua Augusta ",
      number: "1500",
      complement: "apto 12",
      neighborhood: "Consolação",
      city: "São Paulo",
      state: "SP",
      zipCode: "01304-001",
      country: "BR",
    };
    const { lead } = await client.accepted({ email: uniqueEmail(), address });
    expect(lead.address).toEqual({ ...address, street: "Rua Augusta" });
  });

  it("accepts only some subfields", async () => {
    const { lead } = await client.accepted({ email: uniqueEmail(), address: { city: "Recife", state: "PE" } });
    expect(lead.address).toEqual({ city: "Recife", state: "PE" });
  });

  it("accepts number and zipCode as JSON numbers, stored as strings", async () => {
    const { lead } = await client.accepted({ email: uniqueEmail(), address: { number: 1500, zipCode: 1304001 } });
    expect(lead.address).toEqual({ number: "1500", zipCode: "1304001" });
  });

  it("treats null, {} and empty subfields as not sent", async () => {
    for (const address of [null, {}, { street: "", city: null }]) {
      const { lead } = await client.accepted({ email: uniqueEmail(), address });
      expect(lead.address, JSON.stringify(address)).toEqual({});
    }
  });

  it("warns about unknown subfields, ignores them and keeps them in the submission", async () => {
    const { json, lead } = await client.accepted({
      email: uniqueEmail(),
      address: { city: "Recife", lat: -8.05, reference: "near the bridge" },
    });
    expect(json.warnings.map((warning) => warning.field).sort()).toEqual(["address.lat", "address.reference"]);
    expect(lead.address).toEqual({ city: "Recife" });
    const submission = await db.current.prisma.submission.findFirstOrThrow({ where: { leadId: json.leadId } });
    expect(submission.payload).toContain("near the bridge");
  });

  it.each([
    ["a string", "Rua Augusta, 1500", ["address"]],
    ["an array", ["Rua Augusta"], ["address"]],
    ["a number", 1500, ["address"]],
    ["street as a number", { street: 12 }, ["address.street"]],
    ["number as a boolean", { number: true }, ["address.number"]],
    ["zipCode as an object", { zipCode: { code: "01304" } }, ["address.zipCode"]],
    ["city as an array", { city: ["Recife"] }, ["address.city"]],
    ["country as a number", { country: 55 }, ["address.country"]],
  ])("rejects address as %s", async (_name, address, fields) => {
    expect(fieldsOf(await client.rejected({ email: uniqueEmail(), address }))).toEqual(fields);
  });

  it("rejects a number that is not finite (1e400)", async () => {
    const body = `{"email":"${uniqueEmail()}","address":{"number":1e400}}`;
    expect(fieldsOf(await client.rejected(body))).toEqual(["address.number"]);
  });
});

describe("utm*", () => {
  it("stores strings on the lead and on the submission", async () => {
    const utm = {
      utmSource: " google ",
      utmMedium: "cpc",
      utmCampaign: "black-friday",
      utmContent: "banner-a",
      utmTerm: "tênis",
    };
    const { json, lead } = await client.accepted({ email: uniqueEmail(), ...utm });
    expect(lead).toMatchObject({
      firstUtmSource: "google",
      firstUtmMedium: "cpc",
      firstUtmCampaign: "black-friday",
      firstUtmContent: "banner-a",
      firstUtmTerm: "tênis",
    });
    expect(lead).toMatchObject({ lastUtmSource: "google", lastUtmTerm: "tênis" });
    const submission = await db.current.prisma.submission.findFirstOrThrow({ where: { leadId: json.leadId } });
    expect(submission).toMatchObject({
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "black-friday",
      utmContent: "banner-a",
      utmTerm: "tênis",
    });
  });
});

describe("unknown top-level keys", () => {
  it("are ignored, named in warnings and kept in the submission payload", async () => {
    const body = { email: uniqueEmail(), name: "Ana", favoriteColor: "blue", utm_source: "snake-case", Email: "x@example.com" };
    const { json, lead } = await client.accepted(body);
    expect(json.warnings.map((warning) => warning.field).sort()).toEqual(["Email", "favoriteColor", "utm_source"]);
    for (const warning of json.warnings) expect(Object.keys(warning).sort()).toEqual(["code", "field", "message"]);
    expect(lead.email).toBe(body.email);
    expect(lead.firstUtmSource).toBeNull();
    const submission = await db.current.prisma.submission.findFirstOrThrow({ where: { leadId: json.leadId } });
    expect(JSON.parse(submission.payload ?? "{}")).toEqual(body);
    expect((submission.warnings as { field: string }[]).map((warning) => warning.field).sort()).toEqual([
      "Email",
      "favoriteColor",
      "utm_source",
    ]);
  });
});

describe("wrong JSON type for a known field", () => {
  it.each([
    ["name", 42],
    ["name", true],
    ["email", ["ana@example.com"]],
    ["email", { address: "ana@example.com" }],
    ["telephone", true],
    ["telephone", { number: "11987654321" }],
    ["telephone", ["11987654321"]],
    ["document", 52998224725],
    ["profession", false],
    ["city", {}],
    ["state", 35],
    ["instagram", ["ana"]],
    ["birthday", 19900517],
    ["utmSource", 1],
    ["utmMedium", {}],
    ["utmCampaign", []],
    ["utmContent", true],
    ["utmTerm", 0],
    ["customFields", []],
    ["customFields", "plan=gold"],
    ["customFields", 7],
  ])("rejects %s = %j with 422 naming the field", async (field, value) => {
    const problem = await client.rejected({
      ...(field === "email" ? { telephone: "11987654321" } : { email: uniqueEmail() }),
      [field]: value,
    });
    expect(fieldsOf(problem)).toEqual([field]);
  });
});

describe("one 422 lists every invalid field", () => {
  it("names each invalid field once and stores no lead", async () => {
    const problem = await client.rejected({
      email: "not-an-email",
      name: 42,
      telephone: "123",
      document: "111.222.333-44",
      birthday: "2023-02-30",
      instagram: "bad handle",
      address: { number: true, street: 7 },
      utmSource: ["x"],
      customFields: "nope",
    });
    expect(fieldsOf(problem)).toEqual(
      [
        "address.number",
        "address.street",
        "birthday",
        "customFields",
        "document",
        "email",
        "instagram",
        "name",
        "telephone",
        "utmSource",
      ].sort(),
    );
    for (const issue of problem.errors) {
      expect(typeof issue.code).toBe("string");
      expect(issue.message.length).toBeGreaterThan(0);
    }
  });

  it("records the rejection with all the field errors", async () => {
    const before = (await submissionsOf(db.current, target.linkId)).length;
    await client.rejected({ email: "nope", telephone: "1" });
    const submissions = await submissionsOf(db.current, target.linkId);
    expect(submissions).toHaveLength(before + 1);
    const last = submissions.at(-1)!;
    expect(last).toMatchObject({ outcome: "rejected", status: 422, errorCode: "validation_failed", leadId: null });
    expect((last.errors as { field: string }[]).map((issue) => issue.field).sort()).toEqual(["email", "telephone"]);
  });
});

describe("none of name, email or telephone sent", () => {
  it("is accepted as a new lead every time, with a warning", async () => {
    const body = { city: "Recife", utmSource: "flyer" };
    const first = await client.accepted(body);
    const second = await client.accepted(body);
    for (const answer of [first, second]) {
      expect(answer.status).toBe(201);
      expect(answer.json.created).toBe(true);
      expect(answer.json.warnings.length).toBeGreaterThan(0);
    }
    expect(second.json.leadId).not.toBe(first.json.leadId);
  });

  it("accepts an empty object as a new lead with a warning", async () => {
    const { status, json } = await client.accepted({});
    expect(status).toBe(201);
    expect(json.warnings.length).toBeGreaterThan(0);
  });

  it("gives no such warning when only the name is sent", async () => {
    const { status, json } = await client.accepted({ name: "Only A Name" });
    expect(status).toBe(201);
    expect(json.warnings).toEqual([]);
  });
});

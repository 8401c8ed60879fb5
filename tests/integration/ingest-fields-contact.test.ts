// DESIGN.md §3 "Normalisation and validation", rows strings, email, telephone and document,
// checked through the route handler and what the database holds afterwards.
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/database";
import { fieldClient } from "../support/ingest-fields";
import { cnpj, cpf, setupLink, uniqueEmail, uniquePhone, withoutRateLimit } from "../support/ingest-helpers";

const db = useTestDatabase();
withoutRateLimit();
let target: { token: string; workspaceId: string };
const client = fieldClient(
  () => db.current,
  () => target,
);

beforeAll(async () => {
  const { token, workspace } = await setupLink(db.current);
  target = { token, workspaceId: workspace.id };
});

describe("strings", () => {
  it("are trimmed", async () => {
    const { lead } = await client.accepted({
      email: uniqueEmail(),
      name: "  Ana Maria \t\n",
      profession: " Dentist ",
      city: "\u00a0Recife ",
    });
    expect(lead).toMatchObject({ name: "Ana Maria", profession: "Dentist", city: "Recife" });
  });

  it('treat null and "" (and blanks) as not sent', async () => {
    const { lead } = await client.accepted({
      email: uniqueEmail(),
      name: null,
      profession: "",
      city: "   ",
      telephone: "",
      document: null,
    });
    expect(lead).toMatchObject({ name: null, profession: null, city: null, phone: null, document: null });
  });

  it("accept 500 characters after trimming", async () => {
    const { lead } = await client.accepted({ email: uniqueEmail(), name: `  ${"n".repeat(500)}  ` });
    expect(lead.name).toHaveLength(500);
  });

  it("accept 500 characters outside the Basic Multilingual Plane (500 characters, 1,000 UTF-16 units)", async () => {
    const name = "𝒜".repeat(500);
    const { lead } = await client.accepted({ email: uniqueEmail(), name });
    expect(lead.name).toBe(name);
  });

  it.each([
    "name",
    "email",
    "telephone",
    "document",
    "profession",
    "city",
    "state",
    "instagram",
    "birthday",
    "utmSource",
    "utmMedium",
    "utmCampaign",
    "utmContent",
    "utmTerm",
  ])("reject %s longer than 500 characters with exactly one error for it", async (field) => {
    const problem = await client.rejected({ ...(field === "email" ? {} : { email: uniqueEmail() }), [field]: "x".repeat(501) });
    expect(problem.errors).toEqual([expect.objectContaining({ field, code: expect.any(String), message: expect.any(String) })]);
  });

  it.each(["street", "number", "complement", "neighborhood", "city", "state", "zipCode", "country"])(
    "reject address.%s longer than 500 characters",
    async (subfield) => {
      const problem = await client.rejected({ email: uniqueEmail(), address: { [subfield]: "x".repeat(501) } });
      expect(problem.errors.map((issue) => issue.field)).toEqual([`address.${subfield}`]);
    },
  );
});

describe("email", () => {
  it("is stored lower-cased and trimmed", async () => {
    const { lead } = await client.accepted({ email: "  Ana.Silva+Promo@Example.COM.br " });
    expect(lead.email).toBe("ana.silva+promo@example.com.br");
  });

  it("matches an existing lead whatever its case", async () => {
    const email = uniqueEmail("case");
    const first = await client.accepted({ email });
    const second = await client.accepted({ email: email.toUpperCase() });
    expect(second.status).toBe(200);
    expect(second.json.leadId).toBe(first.json.leadId);
  });

  it.each([
    "ana",
    "ana@",
    "@example.com",
    "ana@example",
    "ana silva@example.com",
    "ana@@example.com",
    "ana@exa mple.com",
    "<ana@example.com>",
  ])("rejects %j", async (email) => {
    const problem = await client.rejected({ email });
    expect(problem.errors.map((issue) => issue.field)).toEqual(["email"]);
  });
});

describe("telephone", () => {
  it.each([
    ["11987654321", "5511987654321"],
    ["+55 (11) 98765-4321", "5511987654321"],
    ["5511987654321", "5511987654321"],
    ["(11) 98765-4321", "5511987654321"],
    ["11.98765.4321", "5511987654321"],
    ["+55.11.98765.4321", "5511987654321"],
    ["(11) 3333-4444", "551133334444"],
  ])("stores %j as the E.164 digits %s (workspace country BR)", async (telephone, canonical) => {
    const { lead } = await client.accepted({ telephone });
    expect(lead.phone).toBe(canonical);
  });

  it("accepts a JSON number", async () => {
    const national = uniquePhone();
    const { lead } = await client.accepted({ telephone: Number(national) });
    expect(lead.phone).toBe(`55${national}`);
  });

  it("treats every accepted form of one number as the same phone", async () => {
    const national = uniquePhone(); // 119XXXXXXXX
    const formatted = `+55 (${national.slice(0, 2)}) ${national.slice(2, 7)}-${national.slice(7)}`;
    const forms = [national, formatted, `55${national}`, Number(national), national.replace(/^(\d{2})(\d{5})/, "$1.$2.")];
    const first = await client.accepted({ telephone: forms[0] });
    expect(first.status).toBe(201);
    for (const telephone of forms.slice(1)) {
      const again = await client.accepted({ telephone });
      expect(again.status, String(telephone)).toBe(200);
      expect(again.json.leadId).toBe(first.json.leadId);
    }
  });

  it("accepts 8 and 15 digits", async () => {
    expect((await client.accepted({ telephone: "+12345678" })).lead.phone).toBe("12345678");
    expect((await client.accepted({ telephone: "+123456789012345" })).lead.phone).toBe("123456789012345");
  });

  it.each([
    ["too short", "1234567"],
    ["too short after stripping", "+1 (23) 45-67"],
    ["too long", "1234567890123456"],
    ["letters", "11 9876-ABCD"],
    ["a + in the middle", "55+11987654321"],
    ["other punctuation", "11/98765/4321"],
    ["only punctuation", "+() -"],
    ["a fraction", 11987654321.5],
    ["a negative number", -11987654321],
    ["zero", 0],
  ])("rejects %s (%j)", async (_name, telephone) => {
    const problem = await client.rejected({ telephone });
    expect(problem.errors.map((issue) => issue.field)).toEqual(["telephone"]);
  });

  describe("in a workspace whose default country is not BR", () => {
    let us: { token: string; workspaceId: string };
    const usClient = fieldClient(
      () => db.current,
      () => us,
    );
    beforeAll(async () => {
      const { token, workspace } = await setupLink(db.current, { country: "US" });
      us = { token, workspaceId: workspace.id };
    });

    it("reads national numbers in that country", async () => {
      const first = await usClient.accepted({ telephone: "(415) 555-2671" });
      expect(first.lead.phone).toBe("14155552671");
      for (const telephone of ["+1 415-555-2671", "14155552671", "415.555.2671"]) {
        const again = await usClient.accepted({ telephone });
        expect(again.json.leadId, telephone).toBe(first.json.leadId);
      }
    });

    it("keeps a number sent with another country's code", async () => {
      const { lead } = await usClient.accepted({ telephone: "+55 (11) 98765-4321" });
      expect(lead.phone).toBe("5511987654321");
    });
  });
});

describe("document", () => {
  it.each([
    ["a CPF with punctuation", "529.982.247-25", "52998224725"],
    ["a CPF of digits", cpf("123456789"), cpf("123456789")],
    ["a numeric CNPJ with punctuation", "11.222.333/0001-81", "11222333000181"],
    ["a numeric CNPJ of digits", cnpj("123456780001"), cnpj("123456780001")],
    ["an alphanumeric CNPJ", cnpj("12ABC34501DE"), cnpj("12ABC34501DE")],
    [
      "an alphanumeric CNPJ with punctuation",
      (() => {
        const v = cnpj("A1B2C3D4E5F6");
        return `${v.slice(0, 2)}.${v.slice(2, 5)}.${v.slice(5, 8)}/${v.slice(8, 12)}-${v.slice(12)}`;
      })(),
      cnpj("A1B2C3D4E5F6"),
    ],
    ["an alphanumeric CNPJ in lower case", cnpj("ZZ9XY8WV0001").toLowerCase(), cnpj("ZZ9XY8WV0001")],
  ])("accepts %s", async (_name, document, stored) => {
    const { lead } = await client.accepted({ email: uniqueEmail(), document });
    expect(lead.document).toBe(stored);
  });

  const wrongDigit = (value: string) => value.slice(0, -1) + String((Number(value.at(-1)) + 1) % 10);
  it.each([
    ["a CPF with a wrong check digit", "529.982.247-26"],
    ["a CPF with wrong check digits", wrongDigit(cpf("987654321"))],
    ["a numeric CNPJ with a wrong check digit", "11.222.333/0001-82"],
    ["an alphanumeric CNPJ with a wrong check digit", wrongDigit(cnpj("12ABC34501DE"))],
    ["too few digits", "1234567890"],
    ["12 digits", "123456789012"],
    ["15 digits", "123456789012345"],
    ["letters in a CPF", "5299822472A"],
    ["letters in the check digits of a CNPJ", "12ABC34501DEAB"],
    ["other punctuation", "529 982 247 25"],
  ])("rejects %s (%j)", async (_name, document) => {
    const problem = await client.rejected({ email: uniqueEmail(), document });
    expect(problem.errors.map((issue) => issue.field)).toEqual(["document"]);
  });
});

// DESIGN.md §3 "Dedupe and updates": which lead a request matches, what an update writes, identity,
// custom fields only on create, first- and last-touch UTM.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/database";
import { createField, createLink, createWorkspace } from "../support/fixtures";
import { post } from "../support/ingest-client";
import { isoDate } from "../support/ingest-fields";
import { inStoredOrder, leadCount, setupLink, uniqueEmail, uniquePhone } from "../support/ingest-helpers";

const db = useTestDatabase();
let token: string;
let workspaceId: string;

beforeEach(async () => {
  const setup = await setupLink(db.current);
  token = setup.token;
  workspaceId = setup.workspace.id;
});

async function accepted(body: unknown, status: 200 | 201, to = token) {
  const answer = await post(to, body);
  expect(answer.status, JSON.stringify(answer.json)).toBe(status);
  expect(answer.json!.created).toBe(status === 201);
  return answer.json as { leadId: string; created: boolean; warnings: { field: string; code: string; message: string }[] };
}

const leadById = (id: string) => db.current.prisma.lead.findUniqueOrThrow({ where: { id } });

describe("matching", () => {
  it("matches by email and answers 200 with the existing lead's id", async () => {
    const email = uniqueEmail();
    const first = await accepted({ email, name: "Ana" }, 201);
    const second = await accepted({ email, name: "Ana Maria" }, 200);
    expect(second.leadId).toBe(first.leadId);
    expect(await leadCount(db.current, workspaceId)).toBe(1);
  });

  it("matches by phone in any accepted form", async () => {
    const national = uniquePhone();
    const first = await accepted({ telephone: national }, 201);
    const formatted = `+55 (${national.slice(0, 2)}) ${national.slice(2, 7)}-${national.slice(7)}`;
    for (const telephone of [formatted, `55${national}`, Number(national)]) {
      expect((await accepted({ telephone, name: "Bia" }, 200)).leadId).toBe(first.leadId);
    }
    expect(await leadCount(db.current, workspaceId)).toBe(1);
  });

  it("matches through a Brazilian trunk 0, with or without the country code (issue 9, item 6)", async () => {
    // The exact reproduction: "+55 011 98765-4321" after "11987654321" made a second lead.
    const setup = await setupLink(db.current);
    const first = await accepted({ telephone: "11987654321", name: "Ana" }, 201, setup.token);
    for (const telephone of ["+55 011 98765-4321", "011 98765-4321", "0 11 98765 4321", "+55 (011) 98765-4321"]) {
      expect((await accepted({ telephone }, 200, setup.token)).leadId, telephone).toBe(first.leadId);
    }
    expect(await leadCount(db.current, setup.workspace.id)).toBe(1);
    expect((await leadById(first.leadId)).phone).toBe("5511987654321");
  });

  it("matches a lead created through another link of the same workspace", async () => {
    const other = await createLink(db.current, workspaceId);
    const email = uniqueEmail();
    const first = await accepted({ email }, 201);
    expect((await accepted({ email }, 200, other.token)).leadId).toBe(first.leadId);
  });

  it("never matches a lead of another workspace", async () => {
    const email = uniqueEmail();
    const telephone = uniquePhone();
    const mine = await accepted({ email, telephone }, 201);
    const elsewhere = await createLink(db.current, (await createWorkspace(db.current)).id);
    const theirs = await accepted({ email, telephone }, 201, elsewhere.token);
    expect(theirs.leadId).not.toBe(mine.leadId);
  });

  it("lets the email win when email and phone match two different leads, and says so", async () => {
    const email = uniqueEmail();
    const telephone = uniquePhone();
    const byEmail = await accepted({ email, name: "Email lead" }, 201);
    const byPhone = await accepted({ telephone, name: "Phone lead" }, 201);
    const answer = await accepted({ email, telephone, name: "Both" }, 200);
    expect(answer.leadId).toBe(byEmail.leadId);
    expect(answer.warnings.length).toBeGreaterThan(0);
    expect(JSON.stringify(answer.warnings)).toMatch(/telephone|phone/);
    expect(await leadById(byEmail.leadId)).toMatchObject({ name: "Both", email });
    expect(await leadById(byPhone.leadId)).toMatchObject({ name: "Phone lead", phone: `55${telephone}`, email: null });
    expect(await leadCount(db.current, workspaceId)).toBe(2);
  });
});

describe("updating an existing lead", () => {
  const full = {
    name: "Ana Souza",
    document: "529.982.247-25",
    profession: "Dentist",
    city: "Recife",
    state: "PE",
    instagram: "@ana",
    birthday: "1990-05-17",
    address: { street: "Rua A", number: "10", city: "Recife" },
  };

  it("overwrites every standard field that is sent", async () => {
    const email = uniqueEmail();
    const { leadId } = await accepted({ email, ...full }, 201);
    const next = {
      name: "Ana S. Lima",
      document: "11.222.333/0001-81",
      profession: "Orthodontist",
      city: "Olinda",
      state: "pernambuco",
      instagram: "https://instagram.com/ana.lima",
      birthday: "1991-06-18",
    };
    await accepted({ email, ...next }, 200);
    expect(await leadById(leadId)).toMatchObject({
      name: "Ana S. Lima",
      document: "11222333000181",
      profession: "Orthodontist",
      city: "Olinda",
      state: "PE",
      instagram: "ana.lima",
    });
    expect(isoDate((await leadById(leadId)).birthday)).toBe("1991-06-18");
  });

  it('keeps every field that is not sent (absent, null or "")', async () => {
    const email = uniqueEmail();
    const { leadId } = await accepted({ email, ...full }, 201);
    await accepted({ email, name: null, profession: "", city: "  ", address: null }, 200);
    const lead = await leadById(leadId);
    expect(lead).toMatchObject({
      name: "Ana Souza",
      document: "52998224725",
      profession: "Dentist",
      city: "Recife",
      state: "PE",
      instagram: "ana",
    });
    expect(isoDate(lead.birthday)).toBe("1990-05-17");
    expect(lead.address).toEqual(full.address);
  });

  it("merges address subfields", async () => {
    const email = uniqueEmail();
    const { leadId } = await accepted({ email, address: { street: "Rua A", number: "10", city: "Recife" } }, 201);
    await accepted({ email, address: { number: 20, zipCode: "50000-000", city: "" } }, 200);
    expect((await leadById(leadId)).address).toEqual({ street: "Rua A", number: "20", city: "Recife", zipCode: "50000-000" });
  });
});

describe("email and phone are identity", () => {
  it("fills in the email of a lead found by phone", async () => {
    const telephone = uniquePhone();
    const { leadId } = await accepted({ telephone }, 201);
    const email = uniqueEmail();
    expect((await accepted({ telephone, email }, 200)).leadId).toBe(leadId);
    expect((await leadById(leadId)).email).toBe(email);
    expect((await accepted({ email }, 200)).leadId).toBe(leadId);
  });

  it("fills in the phone of a lead found by email", async () => {
    const email = uniqueEmail();
    const { leadId } = await accepted({ email }, 201);
    const telephone = uniquePhone();
    await accepted({ email, telephone }, 200);
    expect((await leadById(leadId)).phone).toBe(`55${telephone}`);
    expect((await accepted({ telephone }, 200)).leadId).toBe(leadId);
  });

  it("never replaces the email", async () => {
    const [email, telephone] = [uniqueEmail(), uniquePhone()];
    const { leadId } = await accepted({ email, telephone }, 201);
    const other = uniqueEmail("other");
    expect((await accepted({ email: other, telephone, name: "Changed" }, 200)).leadId).toBe(leadId);
    expect(await leadById(leadId)).toMatchObject({ email, name: "Changed" });
  });

  it("never replaces the phone", async () => {
    const [email, telephone] = [uniqueEmail(), uniquePhone()];
    const { leadId } = await accepted({ email, telephone }, 201);
    await accepted({ email, telephone: uniquePhone() }, 200);
    expect((await leadById(leadId)).phone).toBe(`55${telephone}`);
  });
});

describe("custom fields", () => {
  it("are written when the lead is created and never on an update; the submission keeps what was sent", async () => {
    const field = await createField(db.current, workspaceId, { name: "plan", label: "Plan" });
    const email = uniqueEmail();
    const { leadId } = await accepted({ email, customFields: { plan: "gold" } }, 201);
    expect((await leadById(leadId)).customFields).toEqual({ [field.id]: "gold" });

    await accepted({ email, name: "Ana", customFields: { plan: "silver" } }, 200);
    const lead = await leadById(leadId);
    expect(lead.customFields).toEqual({ [field.id]: "gold" });
    expect(lead.name).toBe("Ana");
    const submissions = await inStoredOrder(db.current, await db.current.prisma.submission.findMany({ where: { leadId } }));
    expect(submissions).toHaveLength(2);
    expect(JSON.parse(submissions[1]!.payload ?? "{}").customFields).toEqual({ plan: "silver" });
  });

  it("are not written on an update of a lead created without them", async () => {
    await createField(db.current, workspaceId, { name: "plan", label: "Plan" });
    const email = uniqueEmail();
    const { leadId } = await accepted({ email }, 201);
    await accepted({ email, customFields: { plan: "gold" } }, 200);
    expect((await leadById(leadId)).customFields).toEqual({});
  });
});

describe("UTM first and last touch", () => {
  const campaign = (name: string) => ({
    utmSource: `${name}-source`,
    utmMedium: `${name}-medium`,
    utmCampaign: name,
    utmContent: `${name}-content`,
    utmTerm: `${name}-term`,
  });

  it("keeps the first touch, moves the last touch, and gives each submission its own", async () => {
    const email = uniqueEmail();
    const { leadId } = await accepted({ email, ...campaign("spring") }, 201);
    await accepted({ email, ...campaign("summer") }, 200);
    await accepted({ email, name: "No campaign this time" }, 200);
    const lead = await leadById(leadId);
    expect(lead).toMatchObject({
      firstUtmSource: "spring-source",
      firstUtmMedium: "spring-medium",
      firstUtmCampaign: "spring",
      firstUtmContent: "spring-content",
      firstUtmTerm: "spring-term",
      lastUtmSource: "summer-source",
      lastUtmMedium: "summer-medium",
      lastUtmCampaign: "summer",
      lastUtmContent: "summer-content",
      lastUtmTerm: "summer-term",
    });
    const submissions = await inStoredOrder(db.current, await db.current.prisma.submission.findMany({ where: { leadId } }));
    expect(submissions.map((s) => s.utmCampaign)).toEqual(["spring", "summer", null]);
  });

  it("takes the first UTM values seen as the first touch of a lead created without any", async () => {
    const email = uniqueEmail();
    const { leadId } = await accepted({ email }, 201);
    await accepted({ email, utmSource: "newsletter" }, 200);
    expect(await leadById(leadId)).toMatchObject({ firstUtmSource: "newsletter", lastUtmSource: "newsletter" });
  });
});

describe("a rejected request", () => {
  it("writes nothing of an existing lead", async () => {
    const email = uniqueEmail();
    const { leadId } = await accepted({ email, name: "Ana", utmSource: "first" }, 201);
    const before = await leadById(leadId);
    const refused = await post(token, {
      email,
      name: "Changed",
      utmSource: "second",
      birthday: "2023-02-30",
      address: { city: "X" },
    });
    expect(refused.status).toBe(422);
    expect(await leadById(leadId)).toEqual(before);
  });
});

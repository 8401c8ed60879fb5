import { describe, expect, it } from "vitest";
import { type LeadRow, toLeadJson, toSubmissionJson } from "@/lib/leads/lead-json";

const LEAD_KEYS = [
  "id",
  "email",
  "name",
  "telephone",
  "document",
  "profession",
  "city",
  "state",
  "instagram",
  "birthday",
  "address",
  "firstTouch",
  "lastTouch",
  "customFields",
  "status",
  "owner",
  "tags",
  "createdAt",
  "updatedAt",
];
const UTM_KEYS = ["utmSource", "utmMedium", "utmCampaign", "utmContent", "utmTerm"];

function row(overrides: Partial<LeadRow> = {}): LeadRow {
  return {
    id: "7d5c9a4e-8f1b-4c2d-9e3f-0a1b2c3d4e5f",
    email: null,
    phone: null,
    name: null,
    document: null,
    profession: null,
    city: null,
    state: null,
    instagram: null,
    birthday: null,
    address: {},
    customFields: {},
    firstUtmSource: null,
    firstUtmMedium: null,
    firstUtmCampaign: null,
    firstUtmContent: null,
    firstUtmTerm: null,
    lastUtmSource: null,
    lastUtmMedium: null,
    lastUtmCampaign: null,
    lastUtmContent: null,
    lastUtmTerm: null,
    status: "new",
    owner: null,
    tags: [],
    createdAt: new Date("2026-03-01T12:00:00.000Z"),
    updatedAt: new Date("2026-03-02T08:30:00.000Z"),
    ...overrides,
  };
}

describe("toLeadJson", () => {
  it("has every key, null for what was not sent, and five UTM keys per touch", () => {
    const json = toLeadJson(row(), new Map());
    expect(Object.keys(json).sort()).toEqual([...LEAD_KEYS].sort());
    expect(Object.keys(json.firstTouch).sort()).toEqual([...UTM_KEYS].sort());
    expect(Object.keys(json.lastTouch).sort()).toEqual([...UTM_KEYS].sort());
    expect(json).toMatchObject({ email: null, telephone: null, birthday: null, address: {}, customFields: {} });
    expect(json.firstTouch).toEqual({ utmSource: null, utmMedium: null, utmCampaign: null, utmContent: null, utmTerm: null });
    expect(json.createdAt).toBe("2026-03-01T12:00:00.000Z");
    expect(json.updatedAt).toBe("2026-03-02T08:30:00.000Z");
  });

  it("names the phone telephone, prints the birthday as a date, and keeps the address as stored", () => {
    const json = toLeadJson(
      row({
        phone: "5511987654321",
        birthday: new Date("1990-05-17T00:00:00.000Z"),
        address: { city: "Recife", zipCode: 50000 },
      }),
      new Map(),
    );
    expect(json.telephone).toBe("5511987654321");
    expect(json.birthday).toBe("1990-05-17");
    expect(json.address).toEqual({ city: "Recife", zipCode: 50000 });
  });

  it("keeps first and last touch apart", () => {
    const json = toLeadJson(
      row({ firstUtmSource: "google", firstUtmTerm: "crm", lastUtmSource: "newsletter", lastUtmMedium: "email" }),
      new Map(),
    );
    expect(json.firstTouch).toEqual({
      utmSource: "google",
      utmMedium: null,
      utmCampaign: null,
      utmContent: null,
      utmTerm: "crm",
    });
    expect(json.lastTouch).toEqual({
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: null,
      utmContent: null,
      utmTerm: null,
    });
  });

  it("keys custom values by the field's current name, and keeps values of unknown fields under their id", () => {
    const json = toLeadJson(
      row({ customFields: { "f-1": 1200, "f-2": true, "gone-id": "kept" } }),
      new Map([
        ["f-1", "budget"],
        ["f-2", "newsletter"],
      ]),
    );
    expect(json.customFields).toEqual({ budget: 1200, newsletter: true, "gone-id": "kept" });
  });
});

describe("toSubmissionJson", () => {
  const base = {
    id: "s-1",
    outcome: "created" as const,
    receivedAt: new Date("2026-03-01T12:00:00.000Z"),
    captureLinkId: "l-1",
    warnings: ["unknown field: foo"],
  };

  it("parses a JSON payload and keeps the stored warnings", () => {
    expect(toSubmissionJson({ ...base, payload: '{"email":"a@b.co","n":[1,2]}' })).toEqual({
      id: "s-1",
      outcome: "created",
      receivedAt: "2026-03-01T12:00:00.000Z",
      captureLinkId: "l-1",
      payload: { email: "a@b.co", n: [1, 2] },
      warnings: ["unknown field: foo"],
    });
  });

  it("keeps a payload that is not JSON as the raw text", () => {
    expect(toSubmissionJson({ ...base, outcome: "rejected", payload: "{not json" }).payload).toBe("{not json");
    expect(toSubmissionJson({ ...base, payload: null }).payload).toBeNull();
  });
});

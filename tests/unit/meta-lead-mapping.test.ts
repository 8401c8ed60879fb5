// DESIGN.md section 15: a Graph API Lead object's field_data in section 3's shape, and the webhook's reading.
import { describe, expect, it } from "vitest";
import { readMetaWebhook } from "@/lib/capture/sources/meta/read-meta-webhook";
import { verifyMetaSignature } from "@/lib/capture/sources/meta/verify-meta-signature";
import { mapMetaLead } from "@/lib/channels/meta-fetch/map-meta-lead";
import { metaSettings } from "@/lib/channels/meta-fetch/meta-settings";
import { AppError } from "@/lib/errors";

describe("mapMetaLead", () => {
  it("maps Meta's standard questions and sends the others to customFields by their key", () => {
    const body = mapMetaLead({
      id: "1",
      field_data: [
        { name: "full_name", values: ["Ana Lima"] },
        { name: "email", values: ["ana@example.com"] },
        { name: "phone_number", values: ["+5521998765432"] },
        { name: "city", values: ["Rio de Janeiro"] },
        { name: "province", values: ["RJ"] },
        { name: "post_code", values: ["20040-002"] },
        { name: "country", values: ["BR"] },
        { name: "street_address", values: ["Av. Rio Branco, 1"] },
        { name: "job_title", values: ["Arquiteta"] },
        { name: "company_name", values: ["Lima Arquitetura"] },
        { name: "interesses", values: ["Casa", "Escritório"] },
      ],
      campaign_name: "Campanha",
      ad_name: "Anúncio",
      platform: "fb",
    });
    expect(body).toEqual({
      name: "Ana Lima",
      email: "ana@example.com",
      telephone: "+5521998765432",
      city: "Rio de Janeiro",
      state: "RJ",
      profession: "Arquiteta",
      address: { zipCode: "20040-002", country: "BR", street: "Av. Rio Branco, 1" },
      customFields: { company_name: "Lima Arquitetura", interesses: "Casa, Escritório" },
      utmSource: "facebook",
      utmMedium: "paid_social",
      utmCampaign: "Campanha",
      utmContent: "Anúncio",
    });
  });

  it("joins first_name and last_name; Instagram leads say instagram; an organic lead has no campaign", () => {
    expect(
      mapMetaLead({
        id: "2",
        field_data: [
          { name: "first_name", values: ["Bruno"] },
          { name: "last_name", values: ["Costa"] },
          { name: "work_email", values: ["b@empresa.com"] },
          { name: "blank", values: [] },
          { values: ["no name"] },
        ],
        platform: "ig",
        is_organic: true,
      }),
    ).toEqual({ name: "Bruno Costa", email: "b@empresa.com", utmSource: "instagram", utmMedium: "paid_social" });
  });
});

describe("readMetaWebhook", () => {
  it("reads every leadgen change of every entry once, skipping other fields", () => {
    const leads = readMetaWebhook(
      JSON.stringify({
        object: "page",
        entry: [
          {
            id: "1",
            time: 1,
            changes: [
              { field: "leadgen", value: { leadgen_id: "10", page_id: "1", form_id: "5", created_time: 1 } },
              { field: "feed", value: { item: "status" } },
              { field: "leadgen", value: { leadgen_id: 11 } },
            ],
          },
          { id: "1", time: 2, changes: [{ field: "leadgen", value: { leadgen_id: "10" } }] },
        ],
      }),
    );
    expect(leads.map((lead) => lead.leadgenId)).toEqual(["10", "11"]);
    expect(leads[0]!.platform).toEqual({ leadgen_id: "10", page_id: "1", form_id: "5", created_time: 1 });
  });

  it("refuses what is not a Page webhook", () => {
    expect(() => readMetaWebhook("{")).toThrow(AppError);
    expect(() => readMetaWebhook(JSON.stringify({ object: "user", entry: [{}] }))).toThrow(/Page webhook/);
  });
});

describe("verifyMetaSignature and metaSettings", () => {
  it("fails closed without an app secret", () => {
    expect(() => verifyMetaSignature(`sha256=${"0".repeat(64)}`, new Uint8Array(), metaSettings(null).appSecret)).toThrow(
      /no Meta app secret/,
    );
    expect(metaSettings({ appSecret: 1, verifyToken: "v" })).toEqual({ appSecret: "", pageAccessToken: "", verifyToken: "v" });
  });
});

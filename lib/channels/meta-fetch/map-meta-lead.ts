/**
 * The Graph API's Lead object (`GET /v21.0/<leadgen_id>`): the fields Leadlink asks for. `field_data` holds each
 * answer as `{"name": <the question's key>, "values": [..]}`; the ad's fields are absent on organic leads.
 */
export interface GraphLead {
  id: string;
  created_time?: string;
  field_data?: { name?: unknown; values?: unknown }[];
  ad_id?: string;
  ad_name?: string;
  adset_name?: string;
  campaign_id?: string;
  campaign_name?: string;
  form_id?: string;
  /** Where the lead was generated: "fb", "ig", … */
  platform?: string;
  is_organic?: boolean;
}

/** The Lead fields asked for, as the Graph API documents them. */
export const GRAPH_LEAD_FIELDS =
  "created_time,id,field_data,ad_id,ad_name,adset_name,campaign_id,campaign_name,form_id,platform,is_organic";

type Target = "name" | "email" | "telephone" | "city" | "state" | "profession" | "document";
type AddressTarget = "street" | "zipCode" | "country";

/** Meta's standard questions (their `name` in field_data) and where section 3 keeps them. */
const STANDARD: Record<string, Target> = {
  full_name: "name",
  email: "email",
  work_email: "email",
  phone_number: "telephone",
  work_phone_number: "telephone",
  city: "city",
  state: "state",
  province: "state",
  job_title: "profession",
  cpf: "document",
};
const ADDRESS: Record<string, AddressTarget> = {
  street_address: "street",
  zip_code: "zipCode",
  post_code: "zipCode",
  country: "country",
};

function answerOf(values: unknown): string | undefined {
  if (!Array.isArray(values)) return typeof values === "string" ? values : undefined;
  const texts = values.filter((value): value is string | number => typeof value === "string" || typeof value === "number");
  return texts.length === 0 ? undefined : texts.map(String).join(", ");
}

/**
 * A fetched lead in section 3's shape (DESIGN.md section 15): the standard questions to their fields (`full_name`,
 * or `first_name` + `last_name`; `email`; `phone_number`; `city`, `state`; `job_title` as the profession; the
 * street, postal code and country to the address), every other answer (custom questions, `company_name`, …) to
 * customFields by its key, which the pipeline resolves by name or label. The UTM says where the ad ran:
 * `utmSource` facebook or instagram (the lead's `platform`), `utmMedium` paid_social, the campaign's name as
 * `utmCampaign` and the ad's as `utmContent`.
 */
export function mapMetaLead(lead: GraphLead): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const address: Record<string, string> = {};
  const customFields: Record<string, string> = {};
  let firstName: string | undefined;
  let lastName: string | undefined;
  for (const field of lead.field_data ?? []) {
    if (typeof field?.name !== "string" || field.name === "") continue;
    const value = answerOf(field.values);
    if (value === undefined) continue;
    const key = field.name;
    const target = STANDARD[key];
    if (target) {
      if (body[target] === undefined) body[target] = value;
    } else if (ADDRESS[key]) {
      address[ADDRESS[key]] = value;
    } else if (key === "first_name") {
      firstName = value;
    } else if (key === "last_name") {
      lastName = value;
    } else {
      customFields[key] = value;
    }
  }
  if (body.name === undefined && (firstName || lastName)) {
    body.name = [firstName, lastName].filter(Boolean).join(" ");
  }
  if (Object.keys(address).length > 0) body.address = address;
  if (Object.keys(customFields).length > 0) body.customFields = customFields;
  body.utmSource = lead.platform === "ig" ? "instagram" : "facebook";
  body.utmMedium = "paid_social";
  if (lead.campaign_name) body.utmCampaign = lead.campaign_name;
  if (lead.ad_name) body.utmContent = lead.ad_name;
  return body;
}

/** The lead's ids and names kept on its submission (source_data.platform), beside the webhook's. */
export function leadPlatformIds(lead: GraphLead): Record<string, unknown> {
  const { field_data: _answers, ...ids } = lead;
  return ids;
}

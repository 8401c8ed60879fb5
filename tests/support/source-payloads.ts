/**
 * The platforms' documented webhook bodies (DESIGN.md section 15), as tests post them: Google Ads lead forms
 * (developers.google.com/google-ads/webhook/docs/implementation) and RD Station Marketing's conversion webhook
 * (API 1.x `{"leads": [...]}`, developers.rdstation.com).
 */

export interface GoogleColumn {
  column_id?: string;
  column_name?: string;
  string_value: string;
}

/** A Google Ads lead form webhook body: ids as JSON numbers (int64), as Google sends them. */
export function googleAdsLead(key: string, columns: GoogleColumn[], extra: Record<string, unknown> = {}) {
  return {
    lead_id: `TeSter-123-${Math.random().toString(36).slice(2)}-ABCDEFGHIJKLMNOPQRSTUVWXYZ`,
    user_column_data: columns,
    api_version: "1.0",
    form_id: 40000000000,
    campaign_id: 20000000000,
    google_key: key,
    is_test: false,
    gcl_id: "TeSter-123-ABCDEFGHIJKLMNOPQRSTUVWXYZ-abcdefghijklmnopqrstuvwxyz-0123456789-AaBbCcDdEeFfGgHhIiJjKkLl",
    adgroup_id: 30000000000,
    creative_id: 50000000000,
    ...extra,
  };
}

interface Origin {
  source?: string;
  medium?: string;
  campaign?: string;
}

function conversion(identifier: string, at: string, origin?: Origin) {
  return {
    content: { identificador: identifier, email_lead: "" },
    created_at: at,
    cumulative_sum: "1",
    source: identifier,
    ...(origin && { conversion_origin: { ...origin, value: null, channel: "Paid Search" } }),
  };
}

/** One lead of RD Station's conversion webhook. */
export function rdStationLead(
  fields: Record<string, unknown>,
  options: { first?: Origin; last?: Origin; uuid?: string; at?: string } = {},
) {
  const uuid = options.uuid ?? crypto.randomUUID();
  const at = options.at ?? "2026-11-27T10:05:07.584-03:00";
  return {
    id: String(Math.floor(Math.random() * 1e9)),
    uuid,
    company: "Resultados Digitais",
    job_title: "Analista",
    bio: "",
    public_url: `http://rdstation.com.br/leads/public/${uuid}`,
    created_at: "2026-11-20T13:05:07.584-03:00",
    opportunity: "false",
    number_conversions: "2",
    user: "vendas@example.com",
    first_conversion: conversion("ebook-abc", "2026-11-20T13:05:07.568-03:00", options.first),
    last_conversion: conversion("webinar-abc", at, options.last),
    custom_fields: {},
    website: "",
    personal_phone: "48 30252598",
    mobile_phone: "48 30252598",
    city: "Florianópolis",
    state: "SC",
    lead_stage: "Lead",
    tags: ["tag 1", "tag 2"],
    fit_score: "d",
    interest: 0,
    ...fields,
  };
}

/**
 * RD Station's webhooks API payload ("Webhooks MKT payload", developers.rdstation.com): the event around one contact,
 * as documented (custom fields prefixed cf_, company and funnel as objects, legal bases).
 */
export function rdStationContactEvent(
  fields: Record<string, unknown>,
  options: { eventType?: string; uuid?: string; at?: string } = {},
) {
  return {
    event_type: options.eventType ?? "WEBHOOK.CONVERTED",
    entity_type: "CONTACT",
    event_identifier: "ebook-abc",
    timestamp: "2026-11-27T10:05:09.724-03:00",
    event_timestamp: options.at ?? "2026-11-27T10:05:07.254-03:00",
    contact: {
      uuid: options.uuid ?? crypto.randomUUID(),
      email: "contato@example.com",
      name: "Contact Name",
      job_title: "Developer",
      bio: "This is my bio",
      website: "http://rdstation.com.br",
      personal_phone: "48 30252598",
      mobile_phone: "48 30252598",
      city: "Florianópolis",
      facebook: "Contact Facebook",
      linkedin: "Contact Linkedin",
      twitter: "Contact Twitter",
      tags: ["tag 1", "tag 2"],
      cf_custom_field_example: ["Option1", "Option2"],
      legal_bases: [{ category: "communications", type: "consent", status: "granted" }],
      company: { name: "Company Example 0" },
      funnel: {
        name: "default",
        lifecycle_stage: "Lead",
        opportunity: false,
        contact_owner_email: "vendas@example.com",
        interest: 20,
        fit: 0,
        origin: "Busca Paga | Google",
      },
      ...fields,
    },
  };
}

import { AppError } from "@/lib/errors";
import type { UtmValues } from "@/lib/ingest/utm";
import { isObject, readJsonBody, textOf } from "./read-json-body";
import type { SourceAdapter, SourceSubmission } from "./source-adapter";

/** What an RD Station lead carries about RD Station itself: kept on the submission (source_data.platform). */
const PLATFORM_KEYS = [
  "id",
  "uuid",
  "created_at",
  "lead_stage",
  "opportunity",
  "number_conversions",
  "fit_score",
  "interest",
  "tags",
  "public_url",
  "user",
];

/** What the webhooks API's contact adds about RD Station: its funnel and the legal bases it recorded. */
const CONTACT_PLATFORM_KEYS = ["funnel", "legal_bases"];

/** The person's fields that section 3 has no place for: to the custom fields, by their RD Station name. */
const CUSTOM_KEYS = ["company", "website", "bio", "twitter", "facebook", "linkedin"];

/** A custom field's value as text: RD Station sends a multiple choice as an array. */
function customValue(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    const items = value.map(textOf).filter((item): item is string => item !== undefined);
    return items.length > 0 ? items.join(", ") : undefined;
  }
  if (typeof value === "boolean") return String(value);
  if (isObject(value)) return textOf(value.name);
  return textOf(value);
}

/** A conversion's origin as UTM values: `conversion_origin.source/medium/campaign` (RD Station's webhook). */
function conversionUtm(conversion: unknown): UtmValues | undefined {
  if (!isObject(conversion) || !isObject(conversion.conversion_origin)) return undefined;
  const origin = conversion.conversion_origin;
  const utm: UtmValues = {};
  const source = textOf(origin.source);
  const medium = textOf(origin.medium);
  const campaign = textOf(origin.campaign);
  if (source) utm.utmSource = source;
  if (medium) utm.utmMedium = medium;
  if (campaign) utm.utmCampaign = campaign;
  return Object.keys(utm).length > 0 ? utm : undefined;
}

/** The contact's own `traffic_source`/`traffic_medium`/`traffic_campaign` (RD Station's conversion event fields). */
function trafficUtm(lead: Record<string, unknown>): UtmValues | undefined {
  const utm: UtmValues = {};
  const source = textOf(lead.traffic_source);
  const medium = textOf(lead.traffic_medium);
  const campaign = textOf(lead.traffic_campaign);
  if (source) utm.utmSource = source;
  if (medium) utm.utmMedium = medium;
  if (campaign) utm.utmCampaign = campaign;
  return Object.keys(utm).length > 0 ? utm : undefined;
}

/** The webhooks API's envelope around a contact: which event, and when it happened (the `{"contact": …}` shape). */
interface ContactEvent {
  eventType?: string;
  eventIdentifier?: string;
  eventTimestamp?: string;
}

/**
 * One lead of RD Station's `{"leads": [...]}`, or the contact of its webhooks API's `{"contact": …}`, as section 3's
 * body, with its first touch and its ids.
 */
export function rdStationSubmission(lead: unknown, event?: ContactEvent): SourceSubmission {
  if (!isObject(lead)) return { body: {} };
  const customFields: Record<string, string> = {};
  for (const key of CUSTOM_KEYS) {
    const value = customValue(lead[key]);
    if (value !== undefined) customFields[key] = value;
  }
  // The legacy webhook's `custom_fields` (keyed by the field's label) and the contact's `cf_*` keys (by name).
  if (isObject(lead.custom_fields)) {
    for (const [key, raw] of Object.entries(lead.custom_fields)) {
      const value = customValue(raw);
      if (value !== undefined) customFields[key] = value;
    }
  }
  for (const [key, raw] of Object.entries(lead)) {
    if (!key.startsWith("cf_")) continue;
    const value = customValue(raw);
    if (value !== undefined) customFields[key.slice(3)] = value;
  }
  const personal = textOf(lead.personal_phone);
  const mobile = textOf(lead.mobile_phone);
  if (personal && mobile && personal !== mobile) customFields.mobile_phone = mobile;

  const last = conversionUtm(lead.last_conversion) ?? trafficUtm(lead) ?? conversionUtm(lead.first_conversion);
  const first = conversionUtm(lead.first_conversion);
  const body: Record<string, unknown> = {
    name: textOf(lead.name),
    email: textOf(lead.email),
    telephone: personal ?? mobile,
    city: textOf(lead.city),
    state: textOf(lead.state),
    profession: textOf(lead.job_title),
    ...last,
    ...(Object.keys(customFields).length > 0 ? { customFields } : {}),
  };
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  const platform: Record<string, unknown> = Object.fromEntries(
    [...PLATFORM_KEYS, ...(event ? CONTACT_PLATFORM_KEYS : [])]
      .filter((key) => lead[key] !== undefined)
      .map((key) => [key, lead[key]]),
  );
  if (event?.eventType) platform.event_type = event.eventType;
  if (event?.eventIdentifier) platform.event_identifier = event.eventIdentifier;
  const lastConversion = isObject(lead.last_conversion) ? lead.last_conversion : undefined;
  const conversionAt = event?.eventTimestamp ?? textOf(lastConversion?.created_at) ?? textOf(lead.created_at);
  const contact = textOf(lead.uuid) ?? textOf(lead.id);
  return {
    body,
    platform,
    firstTouch: first,
    // One conversion of one contact: a resend of it stores nothing twice, the contact's next conversion is new.
    idempotencyKey: contact && conversionAt ? `rd_station:${contact}:${conversionAt}` : undefined,
  };
}

/**
 * RD Station Marketing's webhooks (DESIGN.md section 15; docs/sources.md), in either of its documented shapes: the
 * conversion webhook of its Integrations page, `{"leads": [...]}`, each lead one submission; and its webhooks API's
 * (WEBHOOK.CONVERTED, WEBHOOK.MARKED_OPPORTUNITY), `{"event_type", "event_identifier", "event_timestamp",
 * "contact": {…}}`, one submission. RD Station does not sign its requests; a link may restrict origins like any other.
 */
export const rdStationSource: SourceAdapter = {
  receive({ received }) {
    const body = readJsonBody(received);
    if (Array.isArray(body.leads)) return { submissions: body.leads.map((lead) => rdStationSubmission(lead)) };
    if (isObject(body.contact)) {
      const event = {
        eventType: textOf(body.event_type),
        eventIdentifier: textOf(body.event_identifier),
        eventTimestamp: textOf(body.event_timestamp) ?? textOf(body.timestamp),
      };
      return { submissions: [rdStationSubmission(body.contact, event)] };
    }
    throw new AppError(
      "validation_failed",
      'RD Station sends its leads as {"leads": [...]} (Integrations → Webhooks) or as {"contact": {...}} (its webhooks API); this body has neither.',
      { errors: [{ field: "leads", code: "required", message: 'must be an array of leads, or "contact" an object' }] },
    );
  },
};

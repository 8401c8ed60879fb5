import { timingSafeEqual } from "node:crypto";
import { AppError } from "@/lib/errors";
import { storedSourceSettings } from "@/lib/links/link-source-settings";
import { isObject, readJsonBody, textOf } from "./read-json-body";
import type { SourceAdapter, SourceSubmission } from "./source-adapter";

/** The platform ids a Google Ads lead carries: kept on the submission (source_data.platform). */
const PLATFORM_KEYS = [
  "lead_id",
  "api_version",
  "form_id",
  "campaign_id",
  "adgroup_id",
  "creative_id",
  "gcl_id",
  "asset_group_id",
];

type Lead = Record<string, unknown> & { address?: Record<string, string>; customFields?: Record<string, string> };

/**
 * Where each of Google's standard columns goes in section 3's shape. COMPANY_NAME has no lead field: it goes to
 * the custom fields by its column name, like every other column (docs/sources.md).
 */
const COLUMNS: Record<string, (lead: Lead, value: string) => boolean> = {
  FULL_NAME: (lead, value) => setOnce(lead, "name", value),
  EMAIL: (lead, value) => setOnce(lead, "email", value),
  WORK_EMAIL: (lead, value) => setOnce(lead, "email", value),
  PHONE_NUMBER: (lead, value) => setOnce(lead, "telephone", value),
  WORK_PHONE: (lead, value) => setOnce(lead, "telephone", value),
  CITY: (lead, value) => setOnce(lead, "city", value),
  REGION: (lead, value) => setOnce(lead, "state", value),
  JOB_TITLE: (lead, value) => setOnce(lead, "profession", value),
  POSTAL_CODE: (lead, value) => setAddress(lead, "zipCode", value),
  COUNTRY: (lead, value) => setAddress(lead, "country", value),
  STREET_ADDRESS: (lead, value) => setAddress(lead, "street", value),
};

function setOnce(lead: Lead, key: string, value: string): boolean {
  if (lead[key] !== undefined) return false;
  lead[key] = value;
  return true;
}

function setAddress(lead: Lead, key: string, value: string): boolean {
  lead.address ??= {};
  if (lead.address[key] !== undefined) return false;
  lead.address[key] = value;
  return true;
}

function setCustom(lead: Lead, key: string, value: string): void {
  lead.customFields ??= {};
  if (lead.customFields[key] === undefined) lead.customFields[key] = value;
}

/** Each link's key, read from its settings once per cached link context (a zod parse per lead was work for nothing). */
const linkKeys = new WeakMap<object, string | null>();

function linkKey(sourceSettings: unknown): string | null {
  if (typeof sourceSettings !== "object" || sourceSettings === null) return null;
  let key = linkKeys.get(sourceSettings);
  if (key === undefined) {
    key = storedSourceSettings("google_ads", sourceSettings)?.key ?? null;
    linkKeys.set(sourceSettings, key);
  }
  return key;
}

function sameKey(sent: unknown, key: string): boolean {
  if (typeof sent !== "string") return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `user_column_data` as section 3's lead: standard columns by `column_id`, the rest by `column_name` to custom fields. */
export function googleLead(body: Record<string, unknown>): Lead {
  const lead: Lead = {};
  const columns = Array.isArray(body.user_column_data) ? body.user_column_data : [];
  let firstName: string | undefined;
  let lastName: string | undefined;
  for (const column of columns) {
    if (!isObject(column)) continue;
    const value = textOf(column.string_value);
    const id = textOf(column.column_id);
    if (value === undefined) continue;
    if (id === "FIRST_NAME" && firstName === undefined) firstName = value;
    else if (id === "LAST_NAME" && lastName === undefined) lastName = value;
    else if (!(id !== undefined && COLUMNS[id]?.(lead, value))) {
      // A custom question, another column, or a second email or phone: by its name, as the form shows it.
      setCustom(lead, textOf(column.column_name) ?? id ?? "column", value);
    }
  }
  const joined = [firstName, lastName].filter(Boolean).join(" ");
  if (joined) setOnce(lead, "name", joined);
  return lead;
}

/** Google's campaign as UTM values, unless the body carries its own (section 15). */
function googleUtm(body: Record<string, unknown>): Record<string, string> {
  const own = ["utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term", "utmSource", "utmCampaign"];
  if (own.some((key) => body[key] !== undefined)) {
    return Object.fromEntries(
      (
        [
          ["utmSource", body.utmSource ?? body.utm_source],
          ["utmMedium", body.utmMedium ?? body.utm_medium],
          ["utmCampaign", body.utmCampaign ?? body.utm_campaign],
          ["utmContent", body.utmContent ?? body.utm_content],
          ["utmTerm", body.utmTerm ?? body.utm_term],
        ] as const
      ).flatMap(([key, value]) => (textOf(value) === undefined ? [] : [[key, textOf(value)!]])),
    );
  }
  const utm: Record<string, string> = { utmSource: "google", utmMedium: "cpc" };
  const campaign = textOf(body.campaign_id);
  const creative = textOf(body.creative_id);
  if (campaign) utm.utmCampaign = campaign;
  if (creative) utm.utmContent = creative;
  return utm;
}

/**
 * Google Ads lead form webhooks (DESIGN.md section 15; docs/sources.md): the body's `google_key` must be the
 * link's key (403 invalid_source_key), the lead's columns map to section 3, `lead_id` makes a resend a replay,
 * `is_test` leads are dry runs. Every lead stored is answered 200, created or updated: Google asks for a 200.
 */
export const googleAdsSource: SourceAdapter = {
  receive({ link, received }) {
    const body = readJsonBody(received);
    const key = linkKey(link.sourceSettings);
    if (key === null || !sameKey(body.google_key, key)) {
      throw new AppError(
        "invalid_source_key",
        "The google_key of this request is not this link's key. Copy the key shown on the link's page into the lead form's webhook settings in Google Ads.",
      );
    }
    const platform = Object.fromEntries(PLATFORM_KEYS.filter((key) => body[key] !== undefined).map((key) => [key, body[key]]));
    const submission: SourceSubmission = {
      body: { ...googleLead(body), ...googleUtm(body) },
      platform,
      idempotencyKey: textOf(body.lead_id),
      dryRun: body.is_test === true,
    };
    return { submissions: [submission], successStatus: 200 };
  },
};

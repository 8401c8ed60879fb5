import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { FieldIssue } from "@/lib/errors";
import { toFieldIssues } from "@/lib/validation/parse-input";

/** The capture link sources (DESIGN.md section 15), as stored in capture_links.source. */
export const LINK_SOURCES = ["json", "google_ads", "meta_lead_ads", "rd_station", "mapping"] as const;
export type LinkSource = (typeof LINK_SOURCES)[number];

/** The mapping presets (lib/capture/sources/mapping/presets.ts holds their expressions). */
export const MAPPING_PRESET_NAMES = ["elementor", "typeform", "tally", "jotform"] as const;
export type MappingPresetName = (typeof MAPPING_PRESET_NAMES)[number];

const Secret = (max: number) => z.string().trim().min(1, "is required").max(max, `must be at most ${max} characters`);

/** Google Ads lead form webhooks: the key pasted into Google Ads, which each body's `google_key` must equal. */
export const GoogleAdsSettings = z.object({
  key: z
    .string()
    .trim()
    .min(16, "must be at least 16 characters")
    .max(100, "must be at most 100 characters")
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces"),
});

/** Facebook/Instagram Lead Ads: the app's secret (signatures), the page's token (Graph API), the verify token (subscription). */
export const MetaLeadAdsSettings = z.object({
  appSecret: Secret(500),
  pageAccessToken: Secret(2000),
  verifyToken: Secret(500),
});

/** RD Station Marketing's conversion webhook does not sign its requests: nothing to set (a link may still restrict origins). */
export const RdStationSettings = z.object({});

/** Any JSON through a JSONata expression; a preset fills the expression, Typeform's and Tally's verify a signature. */
export const MappingSettings = z.object({
  preset: z.enum(MAPPING_PRESET_NAMES).nullable().default(null),
  expression: z.string().trim().min(1, "is required").max(20_000, "must be at most 20,000 characters"),
  signingSecret: Secret(500).nullable().default(null),
});

export type GoogleAdsSettings = z.output<typeof GoogleAdsSettings>;
export type MetaLeadAdsSettings = z.output<typeof MetaLeadAdsSettings>;
export type MappingSettings = z.output<typeof MappingSettings>;

const SETTINGS = {
  google_ads: GoogleAdsSettings,
  meta_lead_ads: MetaLeadAdsSettings,
  rd_station: RdStationSettings,
  mapping: MappingSettings,
} as const;

/** The settings keys that are secrets: masked whenever a link is read back (admin, API, CLI). */
const SECRET_KEYS = new Set(["appSecret", "pageAccessToken", "signingSecret"]);

/** A new Google Ads key: 128 random bits, URL-safe, so it pastes cleanly into Google Ads' "Key" box. */
export function generateGoogleAdsKey(): string {
  return `gk_${randomBytes(16).toString("base64url")}`;
}

/**
 * A source's settings as given at creation (admin form, CLI, API), checked by the source's schema:
 * `{settings}` to store (null for "json"), or every invalid part named under `sourceSettings.`.
 * Google's key is generated when none is given.
 */
export function parseSourceSettings(
  source: LinkSource,
  input: unknown,
): { ok: true; settings: Record<string, unknown> | null } | { ok: false; errors: FieldIssue[]; issues: z.core.$ZodIssue[] } {
  if (source === "json") {
    if (input === undefined || input === null) return { ok: true, settings: null };
    const message = 'must be left out for the "json" source';
    return {
      ok: false,
      errors: [{ field: "sourceSettings", code: "not_allowed", message }],
      issues: [{ code: "custom", path: ["sourceSettings"], message, input, params: { code: "not_allowed" } }],
    };
  }
  const given = input ?? {};
  const value =
    source === "google_ads" && typeof given === "object" && !Array.isArray(given) && !("key" in given)
      ? { ...given, key: generateGoogleAdsKey() }
      : given;
  const parsed = SETTINGS[source].safeParse(value);
  if (parsed.success) return { ok: true, settings: parsed.data as Record<string, unknown> };
  // Named from the link's input ("sourceSettings.…"), the zod issues too: an admin form words them in its language.
  return {
    ok: false,
    errors: toFieldIssues(parsed.error).map((issue) => ({
      ...issue,
      field: issue.field ? `sourceSettings.${issue.field}` : "sourceSettings",
    })),
    issues: parsed.error.issues.map((issue) => ({ ...issue, path: ["sourceSettings", ...issue.path] })),
  };
}

function maskSecret(value: string): string {
  return value.length <= 4 ? "••••" : `${value.slice(0, 2)}••••`;
}

/** Stored settings as they are shown: secrets masked (DESIGN.md section 7's rule for webhook secrets), the rest as stored. */
export function maskSourceSettings(settings: unknown): Record<string, unknown> | null {
  if (typeof settings !== "object" || settings === null || Array.isArray(settings)) return null;
  return Object.fromEntries(
    Object.entries(settings).map(([key, value]) => [
      key,
      SECRET_KEYS.has(key) && typeof value === "string" ? maskSecret(value) : value,
    ]),
  );
}

/** A link's settings for `source`, read from the stored JSON (the capture context's `sourceSettings`); null if they do not fit. */
export function storedSourceSettings<S extends Exclude<LinkSource, "json">>(
  source: S,
  settings: unknown,
): z.output<(typeof SETTINGS)[S]> | null {
  const parsed = SETTINGS[source].safeParse(settings);
  return parsed.success ? (parsed.data as z.output<(typeof SETTINGS)[S]>) : null;
}

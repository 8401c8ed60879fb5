/**
 * A meta_lead_ads link's settings (capture_links.source_settings; DESIGN.md section 15): the app's secret, which
 * signs Meta's webhooks; the page access token the leads are fetched with; the verify token of the
 * subscription check. Missing or mistyped entries read as "" so that every check fails closed.
 */
export interface MetaSettings {
  appSecret: string;
  pageAccessToken: string;
  verifyToken: string;
}

function textOf(settings: Record<string, unknown>, key: keyof MetaSettings): string {
  const value = settings[key];
  return typeof value === "string" ? value : "";
}

export function metaSettings(sourceSettings: unknown): MetaSettings {
  const settings =
    typeof sourceSettings === "object" && sourceSettings !== null ? (sourceSettings as Record<string, unknown>) : {};
  return {
    appSecret: textOf(settings, "appSecret"),
    pageAccessToken: textOf(settings, "pageAccessToken"),
    verifyToken: textOf(settings, "verifyToken"),
  };
}

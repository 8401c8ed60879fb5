import { publicBaseUrl } from "@/lib/http/public-base-url";
import { UTM_KEYS } from "@/lib/leads/lead-keys";
import { httpAddress } from "../form-redirect";
import { CAME_FROM_INPUT, LANDING_URL_INPUT } from "./hosted-form-state";

const UTM_QUERY: Record<(typeof UTM_KEYS)[number], string> = {
  utmSource: "utm_source",
  utmMedium: "utm_medium",
  utmCampaign: "utm_campaign",
  utmContent: "utm_content",
  utmTerm: "utm_term",
};

const MAX_VALUE = 500;

function single(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() ? first.trim().slice(0, MAX_VALUE) : undefined;
}

/**
 * The hidden inputs that carry the page's context into the submission (DESIGN.md section 12): the UTM
 * parameters of its URL (`utm_source` or `utmSource`), the landing URL (the form's address with its query,
 * under PUBLIC_BASE_URL: the request's Host is not trusted) and the page the visitor came from (Referer).
 */
export function carriedValues(
  token: string,
  query: Record<string, string | string[] | undefined>,
  referer: string | null,
): [string, string][] {
  const carried: [string, string][] = [];
  for (const key of UTM_KEYS) {
    const value = single(query[UTM_QUERY[key]]) ?? single(query[key]);
    if (value) carried.push([key, value]);
  }
  const landing = new URL(`/f/${token}`, publicBaseUrl());
  for (const [name, value] of Object.entries(query)) {
    for (const each of Array.isArray(value) ? value : value === undefined ? [] : [value]) landing.searchParams.append(name, each);
  }
  carried.push([LANDING_URL_INPUT, landing.href.slice(0, 1_000)]);
  const cameFrom = httpAddress(referer);
  if (cameFrom && !cameFrom.startsWith(new URL(`/f/${token}`, publicBaseUrl()).href)) carried.push([CAME_FROM_INPUT, cameFrom]);
  return carried;
}

/** The page's one view (POST /ingest/<token>/views), sent as a beacon: no cookie, no answer awaited. */
export function viewBeaconScript(token: string): string {
  const url = JSON.stringify(`/ingest/${token}/views`);
  return `try{navigator.sendBeacon(${url},new Blob([""],{type:"text/plain"}))}catch(e){}`;
}

import { mappingSource } from "./mapping/mapping-source";
import { metaLeadAdsSource } from "./meta/meta-lead-ads";
import type { SourceAdapter } from "./source-adapter";

/** The capture link sources (DESIGN.md section 15), as stored in capture_links.source. */
export const LINK_SOURCES = ["json", "google_ads", "meta_lead_ads", "rd_station", "mapping"] as const;
export type LinkSource = (typeof LINK_SOURCES)[number];

/**
 * Each source's adapter. "json" has none: section 3's shape goes straight to the pipeline, on the hot path.
 * A source without an adapter yet answers 501 source_not_supported.
 */
const ADAPTERS: Partial<Record<LinkSource, SourceAdapter>> = {
  meta_lead_ads: metaLeadAdsSource,
  mapping: mappingSource,
};

export function sourceAdapter(source: string): SourceAdapter | undefined {
  return ADAPTERS[source as LinkSource];
}

import { LINK_SOURCES, type LinkSource } from "@/lib/links/link-source-settings";
import { googleAdsSource } from "./google-ads";
import { mappingSource } from "./mapping/mapping-source";
import { metaLeadAdsSource } from "./meta/meta-lead-ads";
import { rdStationSource } from "./rd-station";
import type { SourceAdapter } from "./source-adapter";

export { LINK_SOURCES, type LinkSource };

/**
 * Each source's adapter. "json" has none: section 3's shape goes straight to the pipeline, on the hot path.
 * A source without an adapter yet answers 501 source_not_supported.
 */
const ADAPTERS: Partial<Record<LinkSource, SourceAdapter>> = {
  meta_lead_ads: metaLeadAdsSource,
  mapping: mappingSource,
  google_ads: googleAdsSource,
  rd_station: rdStationSource,
};

export function sourceAdapter(source: string): SourceAdapter | undefined {
  return ADAPTERS[source as LinkSource];
}

// Issue 28's bench figure ingest_google_ads_vs_json (target ≥ 0.9): the same people posted to a JSON link and,
// as Google Ads lead form webhooks, to a google_ads link of the same workspace, alternated in one run on one
// server, so the ratio is what the source's key check and mapping (and its lead_id Idempotency-Key) cost.

import type { IngestTarget } from "./ingest-phase";
import { identityFactory, ingestBody, type LoadResult, runLoad } from "./load";
import { type BenchServer, cli } from "./servers";

export interface SourcesRounds {
  json: LoadResult[];
  googleAds: LoadResult[];
}

/** The JSON body ingestBody would send, as Google Ads posts it: columns by column_id, a fresh lead_id. */
export function googleAdsBody(json: string, key: string): string {
  const lead = JSON.parse(json) as Record<string, string>;
  const columns: { column_name: string; string_value: string; column_id: string }[] = [];
  const add = (id: string, name: string, value: string | undefined) => {
    if (value !== undefined) columns.push({ column_name: name, string_value: String(value), column_id: id });
  };
  add("FULL_NAME", "Full Name", lead.name);
  add("EMAIL", "User Email", lead.email);
  add("PHONE_NUMBER", "User Phone", lead.telephone);
  add("CITY", "City", lead.city);
  add("REGION", "Region", lead.state);
  return JSON.stringify({
    lead_id: `bench-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
    user_column_data: columns,
    api_version: "1.0",
    form_id: 40000000000,
    campaign_id: 20000000000 + Math.floor(Math.random() * 20),
    google_key: key,
    is_test: false,
    gcl_id: "bench",
    adgroup_id: 30000000000,
    creative_id: 50000000000,
  });
}

/**
 * Alternates, after an unmeasured warm-up of each: the JSON link under ingest's usual mix, then a google_ads link
 * under the same mix as Google's bodies, `rounds` times.
 */
export async function sourcesRounds(
  server: BenchServer,
  target: IngestTarget,
  plan: { seconds: number; warmup: number; rounds: number },
  connections: number,
  progress: (message: string) => void,
): Promise<SourcesRounds> {
  const link = await cli<{ token: string; key: string }>(server, [
    "link",
    "create",
    "--workspace",
    target.slug,
    "--name",
    "Bench Google Ads",
    "--source",
    "google_ads",
  ]);
  const fresh = identityFactory();
  const measure = (which: "json" | "googleAds", seconds: number) =>
    runLoad({
      url: `${server.url}/ingest/${which === "json" ? target.token : link.token}`,
      seconds,
      connections,
      body: () => {
        const json = ingestBody(target.pool, fresh);
        return which === "json" ? json : googleAdsBody(json, link.key);
      },
    });
  await measure("json", plan.warmup);
  await measure("googleAds", plan.warmup);
  const rounds: SourcesRounds = { json: [], googleAds: [] };
  for (let round = 1; round <= plan.rounds; round += 1) {
    progress(`PostgreSQL, empty: round ${round}/${plan.rounds}, ingest as JSON ${plan.seconds} s`);
    rounds.json.push(await measure("json", plan.seconds));
    progress(`PostgreSQL, empty: round ${round}/${plan.rounds}, ingest as Google Ads lead forms ${plan.seconds} s`);
    rounds.googleAds.push(await measure("googleAds", plan.seconds));
  }
  return rounds;
}

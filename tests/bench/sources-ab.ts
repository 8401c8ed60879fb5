// Not part of `npm run bench`: issue 28's two ratios (Google Ads lead forms and the Tally preset, each over JSON
// ingest of the same mix) for this checkout's build and another's (e.g. the commit before a change, copied with
// its .next), alternated in one run on one PostgreSQL cluster, so that the machine's drift does not decide which
// is better. Per round and build: JSON, Google Ads, JSON, Tally, each `seconds` long at 32 connections.
//
//   npx tsx tests/bench/sources-ab.ts [seconds = 8] [rounds = 2] [other build's root, e.g. /tmp/sources-base]

import fs from "node:fs";
import os from "node:os";
import { startServer, tempDataDir } from "../e2e/support/server";
import { measureIngest, prepareIngest } from "./ingest-phase";
import { identityFactory, ingestBody, type LoadResult, runLoad } from "./load";
import { asTallyPayload, prepareMappingLink } from "./mapping-phase";
import { type BenchServer, cli, createBenchDatabase } from "./servers";
import { googleAdsBody } from "./sources-phase";

const seconds = Number(process.argv[2] ?? 8);
const rounds = Number(process.argv[3] ?? 2);
const otherRoot = process.argv[4];
const CONNECTIONS = 32;

const database = await createBenchDatabase({ recommended: true });
const builds = [{ name: "this", root: undefined as string | undefined }];
if (otherRoot) {
  if (!fs.existsSync(`${otherRoot}/.next/BUILD_ID`)) throw new Error(`${otherRoot}: no build there (.next/BUILD_ID)`);
  builds.push({ name: "other", root: otherRoot });
}
const servers: BenchServer[] = [];
try {
  for (const build of builds) {
    const dataDir = tempDataDir();
    const env = { LEADLINK_BENCH: "1", INGEST_RATE_LIMIT: "off", LOG_LEVEL: "warn", DATABASE_URL: database.url };
    const running = await startServer({ dataDir, env, ...(build.root ? { root: build.root } : {}) });
    servers.push({
      ...running,
      cliEnv: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", NEXT_TELEMETRY_DISABLED: "1", DATABASE_URL: database.url },
    });
  }
  const first = servers[0]!;
  const target = await prepareIngest(first, 300);
  const google = await cli<{ token: string; key: string }>(first, [
    ...["link", "create", "--workspace", target.slug, "--name", "Google Ads", "--source", "google_ads"],
  ]);
  const tally = await prepareMappingLink(first, target, database.url!);
  const fresh = identityFactory();
  const load = (server: BenchServer, token: string, body: (json: string) => string, time: number): Promise<LoadResult> =>
    runLoad({
      url: `${server.url}/ingest/${token}`,
      seconds: time,
      connections: CONNECTIONS,
      body: () => body(ingestBody(target.pool, fresh)),
    });
  const measure = async (server: BenchServer, time: number) => {
    const json1 = await measureIngest(server, target, time, CONNECTIONS);
    const googleAds = await load(server, google.token, (json) => googleAdsBody(json, google.key), time);
    const json2 = await measureIngest(server, target, time, CONNECTIONS);
    const mapping = await load(server, tally, asTallyPayload, time);
    return { json1, googleAds, json2, mapping };
  };
  for (const server of servers) await measure(server, 3);
  for (let round = 1; round <= rounds; round++) {
    for (const [index, server] of servers.entries()) {
      const load1 = os.loadavg()[0]!.toFixed(2);
      const { json1, googleAds, json2, mapping } = await measure(server, seconds);
      const errors = json1.errors + googleAds.errors + json2.errors + mapping.errors;
      console.log(
        `round ${round} ${builds[index]!.name}: load ${load1}; json ${json1.rps.toFixed(0)} google ${googleAds.rps.toFixed(0)} ` +
          `json ${json2.rps.toFixed(0)} tally ${mapping.rps.toFixed(0)} req/s; google/json ${(googleAds.rps / json1.rps).toFixed(3)}, ` +
          `tally/json ${(mapping.rps / json2.rps).toFixed(3)}; non-2xx ${googleAds.non2xx + mapping.non2xx}, errors ${errors}`,
      );
    }
  }
} finally {
  for (const server of servers) await server.stop();
  await database.drop();
}

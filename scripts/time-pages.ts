// Times the leads page, search, the Campaigns page and the dashboard as a signed-in browser requests them (the
// full HTML, one GET at a time), against a production build (`node scripts/build-if-stale.mjs`) and a PostgreSQL database of your own:
//   npx tsx scripts/time-pages.ts setup --database-url URL --leads 20000 --state /tmp/pages.json
//       starts a server on the database (its migrations run), creates a user and a workspace as the bench
//       does, seeds the leads (`npm run seed`) and gives them the bench's workflow values.
//   npx tsx scripts/time-pages.ts time --state /tmp/pages.json [--samples 40] [--only REGEXP] [--profile DIR]
//       starts a server, signs in, and times the bench's pages (tests/bench/run.ts and admin-timing.ts): p50 and
//       p95 of the wall clock, and the server process's CPU ms per page and the database backends' (from /proc,
//       which hold up better than the wall clock on a shared machine).
// Not part of `npm run bench`.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import {
  deepPageUrl,
  giveLeadsWorkflowValues,
  percentile,
  searchTerms,
  signIn,
  workflowFilterQueries,
} from "../tests/bench/admin-timing";
import { prepareIngest } from "../tests/bench/ingest-phase";
import { type BenchServer, cli, processCpuMs as cpuMs, runNode } from "../tests/bench/servers";
import { removeDataDir, startServer, tempDataDir } from "../tests/e2e/support/server";

const args = process.argv.slice(2);
const command = args[0];
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);

interface State {
  databaseUrl: string;
  slug: string;
  email: string;
  password: string;
  ownerId: string;
  leads: number;
  /** The seeded link's id, for the campaign report's one-link URL (absent in states written before it). */
  linkId?: string;
}

async function start(databaseUrl: string, extraEnv: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = tempDataDir();
  const env = { LOG_LEVEL: "warn", INGEST_RATE_LIMIT: "off", DATABASE_URL: databaseUrl, ...extraEnv };
  const running = await startServer({ dataDir, env });
  return {
    ...running,
    cliEnv: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", NEXT_TELEMETRY_DISABLED: "1", DATABASE_URL: databaseUrl },
  };
}

async function setup() {
  const databaseUrl = option("--database-url");
  const statePath = option("--state");
  if (!databaseUrl || !statePath) throw new Error("setup needs --database-url and --state");
  const leads = Number(option("--leads") ?? 20_000);
  const server = await start(databaseUrl);
  try {
    const email = `pages-${Date.now()}@example.com`;
    const password = "pages-password-1";
    await cli(server, ["user", "create", "--email", email, "--password", password, "--name", "Pages"]);
    const target = await prepareIngest(server, 50, email);
    const started = performance.now();
    await runNode("bin/leadlink.mjs", ["seed", "--workspace", target.slug, "--leads", String(leads), "--json"], server.cliEnv);
    console.log(`seeded ${leads} leads in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const ownerId = await giveLeadsWorkflowValues(databaseUrl, target.slug);
    const state: State = { databaseUrl, slug: target.slug, email, password, ownerId, leads, linkId: target.linkId };
    fs.writeFileSync(statePath, JSON.stringify(state, null, 2));
    console.log(JSON.stringify(state));
  } finally {
    await server.stop();
    removeDataDir(server.dataDir);
  }
}

/** The server's PostgreSQL backends (their pids), to add their CPU time to the page's. */
async function backendPids(state: State): Promise<number[]> {
  const client = new pg.Client({ connectionString: state.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

async function time() {
  const statePath = option("--state");
  if (!statePath) throw new Error("time needs --state");
  const state = JSON.parse(fs.readFileSync(statePath, "utf8")) as State;
  const samples = Number(option("--samples") ?? 40);
  const only = option("--only");
  const profileDir = option("--profile");
  const extraEnv: Record<string, string> = profileDir
    ? {
        NODE_OPTIONS: `--import ${path.resolve(import.meta.dirname, "../tests/bench/cpu-profile-preload.mjs")}`,
        PROFILE_DIR: profileDir,
      }
    : {};
  const server = await start(state.databaseUrl, extraEnv);
  try {
    const cookie = await signIn(server, state.email, state.password);
    const leads = `${server.url}/w/${state.slug}/leads`;
    const workflow = workflowFilterQueries(state.ownerId);
    const pages: [string, string][] = [
      ["page", leads],
      ["page", `${leads}?sort=name`],
      ["page", `${leads}?utm_source=google`],
      ["page", await deepPageUrl(server, leads, cookie, 5)],
      ...workflow.first.map((query): [string, string] => ["page", `${leads}?${query}`]),
    ];
    for (const query of workflow.deep) pages.push(["page", await deepPageUrl(server, `${leads}?${query}`, cookie, 5)]);
    for (const term of await searchTerms(state.databaseUrl, state.slug, state.leads))
      pages.push(["search", `${leads}?q=${encodeURIComponent(term)}`]);
    // The bench's section 16 pages: the Campaigns page by each grouping and touch, one link's, the dashboard.
    const workspacePath = `${server.url}/w/${state.slug}`;
    pages.push(["report", `${workspacePath}/campaigns`], ["report", `${workspacePath}/campaigns?groupBy=campaign&touch=last`]);
    if (state.linkId) pages.push(["report", `${workspacePath}/campaigns?groupBy=medium&captureLinkId=${state.linkId}`]);
    pages.push(["dashboard", workspacePath], ["dashboard", `${workspacePath}?days=90`]);
    const selected = only ? pages.filter(([, url]) => new RegExp(only).test(url)) : pages;
    const pid = server.child.pid!;
    const pooled: Record<string, number[]> = {};
    let bytes = 0;
    console.log("url  p50 / p95 ms  server cpu ms/page  db cpu ms/page  html KB");
    for (const [kind, url] of selected) {
      for (let warm = 0; warm < 2; warm += 1) await (await fetch(url, { headers: { cookie } })).text();
      const backends = await backendPids(state);
      const server0 = cpuMs(pid);
      const db0 = backends.reduce((sum, backend) => sum + cpuMs(backend), 0);
      const times: number[] = [];
      for (let index = 0; index < samples; index += 1) {
        const started = performance.now();
        const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
        const html = await response.text();
        times.push(performance.now() - started);
        if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
        bytes = html.length;
      }
      const serverCpu = (cpuMs(pid) - server0) / samples;
      const dbCpu = (backends.reduce((sum, backend) => sum + cpuMs(backend), 0) - db0) / samples;
      times.sort((a, b) => a - b);
      pooled[kind] = [...(pooled[kind] ?? []), ...times];
      const { pathname, search } = new URL(url);
      console.log(
        `${pathname.replace(/.*\/leads/, "leads")}${search}  ${percentile(times, 0.5).toFixed(1)} / ${percentile(times, 0.95).toFixed(1)}  ${serverCpu.toFixed(1)}  ${dbCpu.toFixed(1)}  ${(bytes / 1024).toFixed(0)}`,
      );
    }
    for (const [kind, times] of Object.entries(pooled)) {
      times.sort((a, b) => a - b);
      console.log(`${kind}: p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms`);
    }
  } finally {
    await server.stop();
    removeDataDir(server.dataDir);
  }
}

if (command === "setup") await setup();
else if (command === "time") await time();
else throw new Error("usage: time-pages.ts setup|time …");

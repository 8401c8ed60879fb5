import pg from "pg";
import type { BenchServer } from "./servers";
import { residentMegabytes } from "./servers";

export interface Timing {
  p50: number;
  p95: number;
  samples: number;
}

export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

function cookiePairs(response: Response): string[] {
  return response.headers.getSetCookie().map((cookie) => cookie.split(";", 1)[0]!);
}

/**
 * Signs in through next-auth's credentials endpoint, as the sign-in form does, and returns the Cookie
 * header of the session.
 */
export async function signIn(server: BenchServer, email: string, password: string): Promise<string> {
  // A 5xx (a database wait that timed out, on a saturated machine) is tried again; a wrong password is not.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await signInOnce(server, email, password);
    } catch (error) {
      if (!(error instanceof ServerError) || attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2_000 * attempt));
    }
  }
}

class ServerError extends Error {}

async function signInOnce(server: BenchServer, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${server.url}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = cookiePairs(csrf);
  const response = await fetch(`${server.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; ") },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const session = cookiePairs(response).find((pair) => pair.includes("next-auth.session-token="));
  if (!session) {
    const message = `sign-in as ${email} failed: ${response.status} ${await response.text()}`;
    throw response.status >= 500 ? new ServerError(message) : new Error(message);
  }
  return [...jar, session].join("; ");
}

/**
 * Server time of admin pages as a browser's request sees it: from sending the request to the last byte of
 * the HTML, one request at a time (localhost, so the network adds nothing of note). Each URL gets two
 * unmeasured warm-up requests; the figures pool every URL's samples.
 */
export async function timePages(
  urls: readonly string[],
  cookie: string,
  samplesEach: number,
): Promise<Timing & { byUrl: Record<string, Timing> }> {
  const byUrl: Record<string, Timing> = {};
  const pooled: number[] = [];
  for (const url of urls) {
    const times: number[] = [];
    for (let index = 0; index < samplesEach + 2; index += 1) {
      const started = performance.now();
      const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
      const html = await response.text();
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${html.slice(0, 300)}`);
      if (index >= 2) times.push(elapsed);
    }
    pooled.push(...times);
    byUrl[url] = summarise(times);
  }
  return { ...summarise(pooled), byUrl };
}

function summarise(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), samples: sorted.length };
}

export interface ExportMeasure {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  /** The server's resident memory before the export and its highest sample during it. */
  rssBeforeMb: number;
  peakRssMb: number;
  /** The download's size. */
  bytes: number;
}

/** Downloads the CSV export, counting rows as they stream, while sampling the server's resident memory. */
export async function measureExport(server: BenchServer, url: string, cookie: string): Promise<ExportMeasure> {
  const pid = server.child.pid!;
  const rssBeforeMb = residentMegabytes(pid);
  let peakRssMb = rssBeforeMb;
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, residentMegabytes(pid));
  }, 50);
  const started = performance.now();
  try {
    const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
    if (response.status !== 200 || !response.body) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
    let newlines = 0;
    let bytes = 0;
    // An xlsx is a zip: its rows cannot be counted on the wire (0 here; the CSV of the same leads counts them).
    const csv = (response.headers.get("content-type") ?? "").startsWith("text/csv");
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      if (!csv) continue;
      for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) newlines += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    // One header row; quoted values may hold newlines only if a lead's text does, which seeded leads do not.
    const rows = Math.max(0, newlines - 1);
    const peak = Math.max(peakRssMb, residentMegabytes(pid));
    return { rows, seconds, rowsPerSecond: rows / seconds, rssBeforeMb, peakRssMb: peak, bytes };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Gives the seeded leads the workflow values of a team at work: 85 % new (7 % contacted, 4 % qualified,
 * 2.5 % won, 1.5 % lost), 20 % owned by one of four members, 10 % tagged ("webinar", "VIP", both, or a rare
 * one), as docs/benchmarks-log.md ("Leads table filters at 1,000,000 leads") measured them. Only the leads that
 * get a value are written (about 40 %), then the table is vacuumed and analysed. Returns the id of a member who owns leads.
 */
export async function giveLeadsWorkflowValues(databaseUrl: string, slug: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SET synchronous_commit = off");
    const { rows } = await client.query<{ owner_ids: string[] }>(
      `WITH workspace AS (SELECT id FROM workspaces WHERE slug = $1),
       added AS (
         INSERT INTO users (id, email, name, password_hash)
         SELECT gen_random_uuid(), 'bench-member-' || n || '-' || $1 || '@example.com', 'Member ' || n, 'x'
         FROM generate_series(1, 4) AS n RETURNING id),
       joined AS (
         INSERT INTO memberships (workspace_id, user_id, role) SELECT workspace.id, added.id, 'member' FROM workspace, added
         RETURNING user_id)
       SELECT array_agg(user_id) AS owner_ids FROM joined`,
      [slug],
    );
    const ownerIds = rows[0]!.owner_ids;
    await client.query(
      `UPDATE leads l SET
         status = (CASE WHEN r.status < .85 THEN 'new' WHEN r.status < .92 THEN 'contacted' WHEN r.status < .96 THEN 'qualified'
           WHEN r.status < .985 THEN 'won' ELSE 'lost' END)::lead_status,
         owner_id = CASE WHEN r.owner < .2 THEN ($2::uuid[])[1 + floor(r.owner * 20)::int] END,
         tags = CASE WHEN r.tag < .06 THEN ARRAY['webinar'] WHEN r.tag < .09 THEN ARRAY['VIP'] WHEN r.tag < .0995
           THEN ARRAY['webinar', 'VIP'] WHEN r.tag < .1 THEN ARRAY['rare'] ELSE '{}' END
       FROM (SELECT id, random() AS status, random() AS owner, random() AS tag FROM leads
             WHERE workspace_id = (SELECT id FROM workspaces WHERE slug = $1)) r
       WHERE l.id = r.id AND (r.status >= .85 OR r.owner < .2 OR r.tag < .1)`,
      [slug, ownerIds],
    );
    await client.query(
      `INSERT INTO lead_tags (workspace_id, key, name) SELECT w.id, lower(t), t FROM workspaces w,
         unnest(ARRAY['webinar', 'VIP', 'rare']) AS t WHERE w.slug = $1 ON CONFLICT DO NOTHING`,
      [slug],
    );
    // What autovacuum does after such a change (it would otherwise start on this table, ~40 % of it just
    // rewritten, in the middle of the timings): a team's values arrive over months, not in one statement.
    await client.query("VACUUM (ANALYZE) leads");
    return ownerIds[0]!;
  } finally {
    await client.end();
  }
}

/**
 * The leads page's worst filter combinations at a million leads (docs/benchmarks-log.md): a worked-on status,
 * an owner or a tag with another filter, search or a UTM value, sorted by date and by name. `first` are
 * timed on their first page, `deep` five Nexts on.
 */
export function workflowFilterQueries(ownerId: string): { first: string[]; deep: string[] } {
  return {
    first: [
      "status=won&utm_source=google",
      "status=contacted&q=silva",
      "status=qualified&tag=vip",
      `status=won&owner=${ownerId}&sort=name`,
      "q=silva&tag=vip&sort=name",
    ],
    deep: ["status=won&utm_source=google&sort=name", `owner=${ownerId}&tag=vip&sort=name`, "status=qualified&q=ana"],
  };
}

/** The URL `hops` Next links on from a leads page (fewer when the list ends first). */
export async function deepPageUrl(server: BenchServer, pageUrl: string, cookie: string, hops: number): Promise<string> {
  let url = pageUrl;
  for (let hop = 0; hop < hops; hop += 1) {
    const html = await (await fetch(url, { headers: { cookie } })).text();
    const href = /href="([^"]*[?&]after=[^"]+)"/.exec(html)?.[1];
    if (!href) return url;
    url = new URL(href.replaceAll("&amp;", "&"), server.url).toString();
  }
  return url;
}

/** Real search terms from the seeded data: a common surname, a whole email, and a phone fragment. */
export async function searchTerms(databaseUrl: string, slug: string, leads: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ email: string; telephone: string }>(
      `SELECT l.email, l.phone AS telephone FROM leads l JOIN workspaces w ON w.id = l.workspace_id
        WHERE w.slug = $1 AND l.email IS NOT NULL AND l.phone IS NOT NULL
        ORDER BY l.created_at LIMIT 1 OFFSET $2`,
      [slug, Math.floor(leads / 2)],
    );
    const lead = rows[0];
    if (!lead) throw new Error("no seeded lead to search for");
    // "+5511987654321" → "98765 4321": typed as a person would, with a space.
    const digits = lead.telephone.replace(/\D/g, "");
    const fragment = `${digits.slice(-9, -4)} ${digits.slice(-4)}`;
    return ["silva", lead.email, fragment];
  } finally {
    await client.end();
  }
}

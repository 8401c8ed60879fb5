import { createHmac, randomBytes } from "node:crypto";
import { type FakeMetaGraph, graphLead, startFakeMetaGraph } from "../support/fake-meta-graph";
import { expect, test } from "./support/fixtures";
import { freePort } from "./support/ports";
import { seedLink, serversOnPostgres } from "./support/postgres";
import type { RunningServer } from "./support/server";

// DESIGN.md section 15, Meta Lead Ads, with section 7's durability: Meta posts its webhooks while the Graph API is
// down (every POST answered 200: each fetch is stored first), the server and its dispatcher are killed with
// SIGKILL, a new server starts, the Graph API comes back: every lead is stored exactly once (one lead, one log
// entry per leadgen_id), including one Meta resends after the restart. The subscription challenge is checked
// through the production server first. On PostgreSQL, where the test can set the
// link's source in the database (the production servers read links from it).

const N = 20;
const PAGE_TOKEN = `EAAB-noloss-${randomBytes(8).toString("hex")}`;
const APP_SECRET = randomBytes(16).toString("hex");

const servers = serversOnPostgres();
let graph: FakeMetaGraph | undefined;

test.afterEach(async () => {
  await graph?.close();
  graph = undefined;
});

/** SIGKILL to the server and to its dispatcher process at once (its pid from its "running" log line): a crash. */
async function crash(server: RunningServer): Promise<void> {
  const dispatchers = server
    .stdout()
    .split("\n")
    .filter((line) => line.includes('"webhook dispatcher process running"'))
    .map((line) => (JSON.parse(line) as { pid: number }).pid);
  expect(dispatchers.length, "the dispatcher's log line").toBeGreaterThan(0);
  for (const pid of dispatchers) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  server.child.kill("SIGKILL");
  await server.exited;
}

function webhook(ids: string[]): string {
  const now = Math.floor(Date.now() / 1000);
  return JSON.stringify({
    object: "page",
    entry: [
      {
        id: "444444444444",
        time: now,
        changes: ids.map((id) => ({
          field: "leadgen",
          value: { ad_id: "1", form_id: "2", leadgen_id: id, created_time: now, page_id: "444444444444", adgroup_id: "3" },
        })),
      },
    ],
  });
}

async function postWebhook(server: RunningServer, token: string, body: string): Promise<Response> {
  return fetch(`${server.url}/ingest/${token}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-hub-signature-256": `sha256=${createHmac("sha256", APP_SECRET).update(body).digest("hex")}`,
    },
    body,
  });
}

test("Graph API down, Meta posts 20 leads, kill -9, restart, Graph API up: each lead stored exactly once", async () => {
  test.setTimeout(240_000);
  const database = await servers.database();
  const port = await freePort();
  const env = {
    DATABASE_URL: database.url,
    META_GRAPH_URL: `http://127.0.0.1:${port}`,
    // The dispatcher's "running" line, with its pid, is an info line.
    LOG_LEVEL: "info",
    // Half-second retries for a minute and more, instead of the real schedule's 5 s, 5 min, ...
    WEBHOOK_RETRY_SCHEDULE: Array.from({ length: 240 }, () => "500ms").join(","),
  };
  const first = await servers.start(env);
  const link = await seedLink(database);
  await database.query("UPDATE capture_links SET source = 'meta_lead_ads', source_settings = $2::jsonb WHERE id = $1", [
    link.linkId,
    JSON.stringify({ appSecret: APP_SECRET, pageAccessToken: PAGE_TOKEN, verifyToken: "noloss-verify" }),
  ]);

  // Meta's subscription check, from outside, through the production server.
  const challenge = `${first.url}/ingest/${link.token}?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=`;
  const verified = await fetch(`${challenge}noloss-verify`);
  expect(verified.status).toBe(200);
  expect(verified.headers.get("content-type")).toMatch(/^text\/plain/);
  expect(await verified.text()).toBe("1158201444");
  const refused = await fetch(`${challenge}guess`);
  expect(refused.status).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe("invalid_verify_token");

  const ids = Array.from({ length: N }, (_, index) => String(9_000_000_000_000 + index));
  // Ten webhooks of two leads each, sent together: every one answered 200 while the Graph API is down.
  const answers = await Promise.all(
    Array.from({ length: N / 2 }, (_, index) => postWebhook(first, link.token, webhook(ids.slice(index * 2, index * 2 + 2)))),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: N / 2 }, () => 200));
  const queued = await database.query<{ n: string }>("SELECT count(*) AS n FROM meta_lead_fetches WHERE capture_link_id = $1", [
    link.linkId,
  ]);
  expect(Number(queued[0]!.n)).toBe(N);
  // Fetches were tried (and failed: nothing listens) before the crash.
  await expect
    .poll(
      async () =>
        Number(
          (
            await database.query<{ n: string }>(
              "SELECT count(*) AS n FROM meta_lead_fetches WHERE capture_link_id = $1 AND attempt_count > 0",
              [link.linkId],
            )
          )[0]!.n,
        ),
      { timeout: 60_000 },
    )
    .toBeGreaterThan(0);
  await crash(first);

  const second = await servers.start(env);
  graph = await startFakeMetaGraph({ accessToken: PAGE_TOKEN, port });
  for (const [index, id] of ids.entries()) {
    graph.addLead(graphLead(id, { full_name: `Lead ${index}`, email: `lead-${index}@meta-no-loss.example` }));
  }
  // Meta resends one webhook it thinks was lost: nothing new is queued.
  const resent = await postWebhook(second, link.token, webhook(ids.slice(0, 2)));
  expect(await resent.json()).toEqual({ received: ids.slice(0, 2), queued: [] });

  await expect
    .poll(
      async () =>
        (
          await database.query<{ state: string; n: string }>(
            "SELECT state, count(*) AS n FROM meta_lead_fetches WHERE capture_link_id = $1 GROUP BY state",
            [link.linkId],
          )
        ).map((row) => `${row.state}:${row.n}`),
      { timeout: 120_000 },
    )
    .toEqual([`stored:${N}`]);

  const leads = await database.query<{ email: string }>("SELECT email FROM leads WHERE workspace_id = $1 ORDER BY email", [
    link.workspaceId,
  ]);
  expect(leads).toHaveLength(N);
  expect(new Set(leads.map((lead) => lead.email)).size).toBe(N);
  // The link's log: the refused challenge, then one created entry per lead, keyed by its leadgen_id.
  const log = await database.query<{ outcome: string; error_code: string | null; idempotency_key: string | null }>(
    "SELECT outcome, error_code, idempotency_key FROM submissions WHERE capture_link_id = $1",
    [link.linkId],
  );
  const refusals = log.filter((entry) => entry.outcome !== "created");
  expect(refusals.map((entry) => [entry.outcome, entry.error_code])).toEqual([["rejected", "invalid_verify_token"]]);
  const created = log.filter((entry) => entry.outcome === "created");
  expect(created.map((entry) => entry.idempotency_key).sort()).toEqual([...ids].sort());
});

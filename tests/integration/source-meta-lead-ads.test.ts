// DESIGN.md section 15, Meta Lead Ads: the subscription challenge, X-Hub-Signature-256 over the raw body, one
// Graph API fetch queued per leadgen_id before the 200, each lead fetched through the outbox's real runner from a
// local Graph API that answers as Meta documents it (the Lead object, its error bodies), stored through the one
// pipeline (lead, UTM first/last touch, log entry with payload and source_data, events to a webhook endpoint), retried
// on the outbox's schedule, and a fetch failed for good kept as a rejected submission. Two workspaces: no crossing.
import { createHmac, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as route from "@/app/ingest/[captureLink]/route";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { statement } from "@/lib/db/client";
import { resetEnv } from "@/lib/env";
import { listPendingMetaFetches } from "@/lib/links/pending-meta-fetches";
import { eraseLead } from "@/lib/privacy/erase-lead";
import { type Dispatcher, startDispatcher } from "@/lib/server/outbox";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { useTestDatabase } from "../support/database";
import {
  EXPIRED_TOKEN_ERROR,
  type FakeMetaGraph,
  graphLead,
  startFakeMetaGraph,
  TRANSIENT_ERROR,
} from "../support/fake-meta-graph";
import { createField } from "../support/fixtures";
import { expectProblem, raw, setupLink, submissionsOf, uniqueEmail, withoutRateLimit } from "../support/ingest-helpers";
import { type Receiver, startReceiver } from "../support/webhook-receiver";

const db = useTestDatabase();
withoutRateLimit();
const PAGE_TOKEN = `EAAB${randomBytes(12).toString("hex")}`;
let graph: FakeMetaGraph;
let receiver: Receiver;
let dispatcher: Dispatcher;
const names = ["META_GRAPH_URL", "WEBHOOK_RETRY_SCHEDULE", "WEBHOOK_ALLOW_PRIVATE_NETWORKS"];
const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));

beforeAll(async () => {
  graph = await startFakeMetaGraph({ accessToken: PAGE_TOKEN });
  receiver = await startReceiver();
  process.env.META_GRAPH_URL = graph.url;
  process.env.WEBHOOK_RETRY_SCHEDULE = "100ms,100ms,100ms";
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";
  resetEnv();
  dispatcher = startDispatcher(db.current, { pollMs: 50 });
});

afterAll(async () => {
  await dispatcher?.stop();
  await graph?.close();
  await receiver?.close();
  for (const name of names) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetEnv();
});

interface MetaLink {
  workspaceId: string;
  linkId: string;
  token: string;
  appSecret: string;
  verifyToken: string;
}

/** A workspace with a meta_lead_ads link (its settings as part 1's link creation stores them). */
async function metaLink(options: { pageAccessToken?: string; webhookPath?: string } = {}): Promise<MetaLink> {
  const { workspace, link } = await setupLink(db.current);
  const appSecret = randomBytes(16).toString("hex");
  const verifyToken = `verify-${randomBytes(6).toString("hex")}`;
  await db.current.prisma.captureLink.update({
    where: { id: link.id },
    data: {
      source: "meta_lead_ads",
      sourceSettings: { appSecret, pageAccessToken: options.pageAccessToken ?? PAGE_TOKEN, verifyToken },
    },
  });
  if (options.webhookPath)
    await createEndpoint(workspace.id, {
      url: receiver.url(options.webhookPath),
      events: ["lead.created", "lead.updated", "submission.rejected"],
    });
  invalidateCaptureLinks();
  return { workspaceId: workspace.id, linkId: link.id, token: link.token, appSecret, verifyToken };
}

function leadgenId(): string {
  return String(10n ** 15n + BigInt(randomBytes(6).readUIntBE(0, 6)));
}

/** Meta's Page webhook for leads, as documented: one entry per page, one leadgen change per lead. */
function webhookBody(ids: string[][]): string {
  const now = Math.floor(Date.now() / 1000);
  return JSON.stringify({
    object: "page",
    entry: ids.map((changes) => ({
      id: "444444444444",
      time: now,
      changes: changes.map((id) => ({
        field: "leadgen",
        value: {
          ad_id: "120210000000000001",
          form_id: "1234567890123456",
          leadgen_id: id,
          created_time: now,
          page_id: "444444444444",
          adgroup_id: "120210000000000002",
        },
      })),
    })),
  });
}

function sign(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

function postWebhook(link: MetaLink, body: string, signature: string | null = sign(body, link.appSecret)) {
  const headers: Record<string, string> = { "content-type": "application/json", "user-agent": "facebookexternalua" };
  if (signature !== null) headers["x-hub-signature-256"] = signature;
  return raw(link.token, { body, headers });
}

function getChallenge(link: MetaLink, query: Record<string, string>) {
  const url = new URL(`http://localhost:3000/ingest/${link.token}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return route.GET(new Request(url, { method: "GET" }), { params: Promise.resolve({ captureLink: link.token }) });
}

interface FetchRow {
  leadgen_id: string;
  state: string;
  attempt_count: number;
  last_error: string | null;
  lead_id: string | null;
}

function fetchesOf(linkId: string): Promise<FetchRow[]> {
  return db.current.sql<FetchRow>(
    statement(
      `SELECT leadgen_id, state, attempt_count, last_error, lead_id::text FROM meta_lead_fetches WHERE capture_link_id = $1::uuid ORDER BY created_at, leadgen_id`,
      [linkId],
    ),
  );
}

/** Waits until every queued fetch of the link has settled (stored or failed). */
async function settled(linkId: string, count: number): Promise<FetchRow[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const rows = await fetchesOf(linkId);
    if (rows.length === count && rows.every((row) => row.state !== "pending")) return rows;
    if (Date.now() > deadline) throw new Error(`fetches: ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("the subscription challenge", () => {
  it("answers hub.challenge as text for the link's verify token; another token is 403 invalid_verify_token", async () => {
    const link = await metaLink();
    const good = await getChallenge(link, {
      "hub.mode": "subscribe",
      "hub.challenge": "1158201444",
      "hub.verify_token": link.verifyToken,
    });
    expect(good.status).toBe(200);
    expect(good.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await good.text()).toBe("1158201444");

    const wrong = await getChallenge(link, { "hub.mode": "subscribe", "hub.challenge": "1", "hub.verify_token": "guess" });
    await expectProblem(wrong, 403, "invalid_verify_token");
    const mode = await getChallenge(link, {
      "hub.mode": "unsubscribe",
      "hub.challenge": "1",
      "hub.verify_token": link.verifyToken,
    });
    await expectProblem(mode, 403, "invalid_verify_token");
    // A GET that is no challenge keeps the endpoint's 405.
    await expectProblem(await getChallenge(link, {}), 405, "method_not_allowed");
    // Another link's verify token does not open this one.
    const other = await metaLink();
    const crossed = await getChallenge(other, {
      "hub.mode": "subscribe",
      "hub.challenge": "2",
      "hub.verify_token": link.verifyToken,
    });
    await expectProblem(crossed, 403, "invalid_verify_token");
  });
});

describe("the signature", () => {
  it("a missing, malformed or wrong X-Hub-Signature-256 is 403 invalid_signature, logged, and queues nothing", async () => {
    const link = await metaLink();
    const body = webhookBody([[leadgenId()]]);
    await expectProblem(await postWebhook(link, body, null), 403, "invalid_signature");
    await expectProblem(await postWebhook(link, body, "sha1=abc"), 403, "invalid_signature");
    await expectProblem(await postWebhook(link, body, sign(body, "not-the-app-secret")), 403, "invalid_signature");
    // Signed, then changed on the way: the signature is over the raw bytes.
    await expectProblem(
      await postWebhook(link, body.replace("444444444444", "444444444445"), sign(body, link.appSecret)),
      403,
      "invalid_signature",
    );
    expect(await fetchesOf(link.linkId)).toEqual([]);
    const log = await submissionsOf(db.current, link.linkId);
    expect(log.map((entry) => [entry.outcome, entry.errorCode, entry.status])).toEqual(
      Array.from({ length: 4 }, () => ["rejected", "invalid_signature", 403]),
    );
    expect(log[0]!.payload).toBe(body);
  });

  it("a signed body that is not a Page webhook is refused; a page's other changes are answered 200 with nothing queued", async () => {
    const link = await metaLink();
    const notPage = JSON.stringify({ object: "instagram", entry: [] });
    await expectProblem(await postWebhook(link, notPage), 422, "validation_failed");
    const feed = JSON.stringify({ object: "page", entry: [{ id: "1", time: 1, changes: [{ field: "feed", value: {} }] }] });
    const response = await postWebhook(link, feed);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: [], queued: [] });
  });
});

describe("leads fetched through the outbox", () => {
  it("one POST with two leadgen_ids: 200 at once, two leads with their answers, UTM, log entries and events", async () => {
    const link = await metaLink({ webhookPath: "/meta-two" });
    await createField(db.current, link.workspaceId, { name: "orcamento", label: "Qual é o seu orçamento?" });
    const [first, second] = [leadgenId(), leadgenId()];
    const firstEmail = uniqueEmail("meta");
    graph.addLead(
      graphLead(first, {
        full_name: "Maria da Silva",
        email: firstEmail,
        phone_number: "+5511987654321",
        city: "São Paulo",
        state: "São Paulo",
        zip_code: "01310-100",
        job_title: "Gerente",
        company_name: "Padaria Estrela",
        orcamento: "R$ 5.000",
      }),
    );
    graph.addLead(
      graphLead(
        second,
        { first_name: "João", last_name: "Souza", email: uniqueEmail("meta"), "qual_o_melhor_horário?": ["Manhã", "Tarde"] },
        { platform: "ig", campaign_name: "Stories Novembro", ad_name: "Story 1" },
      ),
    );
    const body = webhookBody([[first], [second]]);
    const response = await postWebhook(link, body);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: [first, second], queued: [first, second] });

    const rows = await settled(link.linkId, 2);
    expect(rows.map((row) => [row.state, row.attempt_count])).toEqual([
      ["stored", 1],
      ["stored", 1],
    ]);
    // The page access token and the documented fields were asked for.
    const asked = graph.fetchesOf(first)[0]!;
    expect(asked.accessToken).toBe(PAGE_TOKEN);
    expect(asked.fields).toBe(
      "created_time,id,field_data,ad_id,ad_name,adset_name,campaign_id,campaign_name,form_id,platform,is_organic",
    );

    const leads = await db.current.prisma.lead.findMany({ where: { workspaceId: link.workspaceId }, orderBy: { name: "asc" } });
    expect(leads).toHaveLength(2);
    const [joao, maria] = leads as [(typeof leads)[0], (typeof leads)[0]];
    expect(maria).toMatchObject({
      name: "Maria da Silva",
      email: firstEmail,
      phone: "5511987654321",
      city: "São Paulo",
      state: "SP",
      profession: "Gerente",
      address: { zipCode: "01310-100" },
      firstUtmSource: "facebook",
      firstUtmMedium: "paid_social",
      firstUtmCampaign: "Black Friday 2026",
      firstUtmContent: "Black Friday – carrossel",
      lastUtmSource: "facebook",
      lastUtmCampaign: "Black Friday 2026",
    });
    const field = await db.current.prisma.customField.findFirstOrThrow({ where: { workspaceId: link.workspaceId } });
    expect(maria.customFields).toEqual({ [field.id]: "R$ 5.000" });
    expect(joao).toMatchObject({
      name: "João Souza",
      firstUtmSource: "instagram",
      firstUtmMedium: "paid_social",
      firstUtmCampaign: "Stories Novembro",
      firstUtmContent: "Story 1",
    });

    const log = await submissionsOf(db.current, link.linkId);
    expect(log.map((entry) => entry.outcome)).toEqual(["created", "created"]);
    const entry = log.find((row) => row.leadId === maria.id)!;
    expect(entry.dryRun).toBe(false);
    expect(entry.idempotencyKey).toBe(first);
    expect(entry.userAgent).toBe("facebookexternalua");
    expect(JSON.parse(entry.payload!)).toMatchObject({ id: first, campaign_name: "Black Friday 2026" });
    expect(entry.sourceData).toMatchObject({
      mapped: {
        name: "Maria da Silva",
        telephone: "+5511987654321",
        address: { zipCode: "01310-100" },
        customFields: { company_name: "Padaria Estrela", orcamento: "R$ 5.000" },
        utmSource: "facebook",
        utmMedium: "paid_social",
      },
      platform: { leadgen_id: first, page_id: "444444444444", form_id: "1234567890123456", campaign_id: "120210000000000000" },
    });
    // company_name has no custom field here: the pipeline's usual warning, not a failure.
    expect(entry.warnings).toEqual(expect.arrayContaining([expect.objectContaining({ code: "unknown_custom_field" })]));
    const joaoEntry = log.find((row) => row.leadId === joao.id)!;
    expect((joaoEntry.sourceData as { mapped: { customFields: Record<string, string> } }).mapped.customFields).toEqual({
      "qual_o_melhor_horário?": "Manhã, Tarde",
    });

    const events = (await receiver.waitFor("/meta-two", 2)).map((request) => JSON.parse(request.body));
    expect(events.map((event) => event.type)).toEqual(["lead.created", "lead.created"]);
    expect(new Set(events.map((event) => event.data.lead.id))).toEqual(new Set([maria.id, joao.id]));
  });

  it("a fetch that fails (a transient 503, then a 429 rate limit) is retried on the schedule and stored once", async () => {
    const link = await metaLink();
    const id = leadgenId();
    graph.addLead(graphLead(id, { full_name: "Retry Person", email: uniqueEmail("retry") }));
    graph.failNext(id, TRANSIENT_ERROR, { status: 429, body: { error: { message: "Too many calls", code: 4 } } });
    expect((await postWebhook(link, webhookBody([[id]]))).status).toBe(200);
    const [row] = await settled(link.linkId, 1);
    expect(row).toMatchObject({ state: "stored", attempt_count: 3 });
    expect(graph.fetchesOf(id)).toHaveLength(3);
    expect(await db.current.prisma.lead.count({ where: { workspaceId: link.workspaceId } })).toBe(1);
    const log = await submissionsOf(db.current, link.linkId);
    expect(log.map((entry) => entry.outcome)).toEqual(["created"]);
  });

  it("the Graph API down: the fetch waits, retried, and the lead is stored once it is back", async () => {
    const link = await metaLink();
    const id = leadgenId();
    graph.addLead(graphLead(id, { full_name: "Down Person", email: uniqueEmail("down") }));
    // Retries enough for a loaded machine to see the first failed attempt before the schedule runs out.
    process.env.WEBHOOK_RETRY_SCHEDULE = Array.from({ length: 20 }, () => "200ms").join(",");
    resetEnv();
    await graph.down();
    try {
      expect((await postWebhook(link, webhookBody([[id]]))).status).toBe(200);
      const deadline = Date.now() + 30_000;
      for (;;) {
        const [row] = await fetchesOf(link.linkId);
        if (row && row.attempt_count >= 1) {
          expect(row.state).toBe("pending");
          expect(row.last_error).toMatch(/fetch failed|ECONNREFUSED/);
          // What reached the link shows on its page while it waits, with its tries and why they failed; to its own
          // workspace only.
          const pending = await listPendingMetaFetches(link.workspaceId, link.linkId);
          expect(pending.total).toBe(1);
          expect(pending.fetches[0]).toMatchObject({
            leadgenId: id,
            lastError: expect.stringMatching(/fetch failed|ECONNREFUSED/),
          });
          expect(pending.fetches[0]!.attempts).toBeGreaterThanOrEqual(1);
          const other = await metaLink();
          expect(await listPendingMetaFetches(other.workspaceId, link.linkId)).toEqual({ total: 0, fetches: [] });
          break;
        }
        if (Date.now() > deadline) throw new Error(`no attempt: ${JSON.stringify(row)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } finally {
      await graph.up();
      process.env.WEBHOOK_RETRY_SCHEDULE = "100ms,100ms,100ms";
      resetEnv();
    }
    const [row] = await settled(link.linkId, 1);
    expect(row!.state).toBe("stored");
    expect(await db.current.prisma.lead.count({ where: { workspaceId: link.workspaceId } })).toBe(1);
    expect((await listPendingMetaFetches(link.workspaceId, link.linkId)).total).toBe(0);
  });

  it("a fetch that fails for good is a rejected submission, source_fetch_failed, with the Graph API's message", async () => {
    const link = await metaLink({ webhookPath: "/meta-failed" });
    const expired = leadgenId();
    const exhausted = leadgenId();
    graph.failAlways(expired, EXPIRED_TOKEN_ERROR);
    graph.failAlways(exhausted, TRANSIENT_ERROR);
    const body = webhookBody([[expired, exhausted]]);
    expect((await postWebhook(link, body)).status).toBe(200);
    const rows = await settled(link.linkId, 2);
    const byId = Object.fromEntries(rows.map((row) => [row.leadgen_id, row]));
    // An expired token does not change by retrying: one attempt. A transient error: the whole schedule (1 + 3).
    expect(byId[expired]).toMatchObject({ state: "failed", attempt_count: 1 });
    expect(byId[exhausted]).toMatchObject({ state: "failed", attempt_count: 4 });
    expect(graph.fetchesOf(expired)).toHaveLength(1);
    expect(graph.fetchesOf(exhausted)).toHaveLength(4);

    const log = await submissionsOf(db.current, link.linkId);
    expect(log).toHaveLength(2);
    for (const entry of log) {
      expect(entry).toMatchObject({ outcome: "rejected", errorCode: "source_fetch_failed", status: 502, leadId: null });
    }
    const expiredEntry = log.find((entry) => entry.idempotencyKey === expired)!;
    expect(expiredEntry.errors).toEqual([
      {
        field: "leadgen_id",
        code: "source_fetch_failed",
        message: expect.stringContaining("Error validating access token: Session has expired"),
      },
    ]);
    expect(JSON.parse(expiredEntry.payload!)).toMatchObject({ leadgen_id: expired, page_id: "444444444444" });
    expect(expiredEntry.sourceData).toMatchObject({ mapped: null, platform: { leadgen_id: expired } });
    expect(JSON.stringify(log)).not.toContain(PAGE_TOKEN);
    expect(await db.current.prisma.lead.count({ where: { workspaceId: link.workspaceId } })).toBe(0);
    const rejected = (await receiver.waitFor("/meta-failed", 2)).map((request) => JSON.parse(request.body));
    expect(rejected.map((event) => [event.type, event.data.submission.code])).toEqual([
      ["submission.rejected", "source_fetch_failed"],
      ["submission.rejected", "source_fetch_failed"],
    ]);
  });

  it("the same leadgen_id posted twice (Meta resends) is fetched and stored once", async () => {
    const link = await metaLink();
    const id = leadgenId();
    graph.addLead(graphLead(id, { full_name: "Twice", email: uniqueEmail("twice") }));
    const body = webhookBody([[id]]);
    const [a, b] = await Promise.all([postWebhook(link, body), postWebhook(link, body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const queued = [(await a.json()).queued, (await b.json()).queued].flat();
    expect(queued).toEqual([id]);
    await settled(link.linkId, 1);
    const again = await postWebhook(link, body);
    expect(await again.json()).toEqual({ received: [id], queued: [] });
    expect(graph.fetchesOf(id)).toHaveLength(1);
    expect(await db.current.prisma.lead.count({ where: { workspaceId: link.workspaceId } })).toBe(1);
    expect(await submissionsOf(db.current, link.linkId)).toHaveLength(1);
  });

  it("a lead whose answers the pipeline refuses is a rejected entry with the pipeline's code, not lost", async () => {
    const link = await metaLink();
    const id = leadgenId();
    graph.addLead(graphLead(id, { full_name: "Bad Phone", email: "not-an-email" }));
    expect((await postWebhook(link, webhookBody([[id]]))).status).toBe(200);
    await settled(link.linkId, 1);
    const [entry] = await submissionsOf(db.current, link.linkId);
    expect(entry).toMatchObject({ outcome: "rejected", errorCode: "validation_failed", status: 422 });
    expect(JSON.parse(entry!.payload!)).toMatchObject({ id });
  });
});

describe("erasure", () => {
  it("erasing a fetched lead removes its fetch row and clears its submission's payload and source_data", async () => {
    const link = await metaLink();
    const id = leadgenId();
    graph.addLead(graphLead(id, { full_name: "Erase Me", email: uniqueEmail("erase") }));
    expect((await postWebhook(link, webhookBody([[id]]))).status).toBe(200);
    const [row] = await settled(link.linkId, 1);
    await eraseLead({ workspaceId: link.workspaceId, leadId: row!.lead_id!, actor: { kind: "cli" } });
    expect(await fetchesOf(link.linkId)).toEqual([]);
    const [entry] = await submissionsOf(db.current, link.linkId);
    expect(entry!.payload).toBeNull();
    expect(entry!.sourceData).toBeNull();
  });
});

describe("tenancy", () => {
  it("each link's leads go to its own workspace; one link's secret signs nothing for another", async () => {
    const a = await metaLink();
    const b = await metaLink();
    const id = leadgenId();
    const email = uniqueEmail("tenant");
    graph.addLead(graphLead(id, { full_name: "Tenant Lead", email }));
    const body = webhookBody([[id]]);
    // Signed with A's secret, sent to B's link: refused there.
    await expectProblem(await postWebhook(b, body, sign(body, a.appSecret)), 403, "invalid_signature");
    expect((await postWebhook(a, body)).status).toBe(200);
    await settled(a.linkId, 1);
    expect(await fetchesOf(b.linkId)).toEqual([]);
    expect(await db.current.prisma.lead.count({ where: { workspaceId: a.workspaceId, email } })).toBe(1);
    expect(await db.current.prisma.lead.count({ where: { workspaceId: b.workspaceId } })).toBe(0);
    // The same lead announced to B (its own page token, the same Graph lead) is B's own lead, apart from A's.
    expect((await postWebhook(b, body)).status).toBe(200);
    await settled(b.linkId, 1);
    const owners = await db.current.prisma.lead.findMany({ where: { email }, select: { workspaceId: true } });
    expect(owners.map((lead) => lead.workspaceId).sort()).toEqual([a.workspaceId, b.workspaceId].sort());
    expect((await submissionsOf(db.current, a.linkId)).map((entry) => entry.outcome)).toEqual(["created"]);
  });
});

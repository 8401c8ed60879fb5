// Issue 13, "done when": a lead with several submissions, consent, webhook messages (delivered, with the
// receiver's echo of the body in the attempt log) and idempotency keys is erased; then the whole database is
// dumped (pg_dump on PostgreSQL, every table's text on the embedded engine) and none of the person's email,
// phone, document or name is in it; request counts and other leads are unchanged; lead.erased went out.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { presetPeriod } from "@/lib/dashboard/dashboard-period";
import { getDashboard } from "@/lib/dashboard/get-dashboard";
import { statement } from "@/lib/db/client";
import { resetEnv } from "@/lib/env";
import { getLead } from "@/lib/leads/get-lead";
import { eraseLead } from "@/lib/privacy/erase-lead";
import { type Dispatcher, startDispatcher } from "@/lib/server/outbox";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { runJson } from "../support/cli-run";
import { testDatabaseKind, useTestDatabase } from "../support/database";
import { createLink } from "../support/fixtures";
import { cpf, linkCounters, postText, setupLink, uniquePhone, withoutRateLimit } from "../support/ingest-helpers";
import { errorCode } from "../support/tenants";
import { type Receiver, startReceiver } from "../support/webhook-receiver";

const db = useTestDatabase();
withoutRateLimit();
let receiver: Receiver;
let dispatcher: Dispatcher;
const saved = process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";
  resetEnv();
  receiver = await startReceiver();
  // The receiver echoes what it got: the attempt log then holds the person's data too.
  receiver.answer((request) => ({ status: 200, body: request.body }));
  dispatcher = startDispatcher(db.current, { pollMs: 50 });
});

afterAll(async () => {
  await dispatcher?.stop();
  await receiver?.close();
  if (saved === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  else process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = saved;
  resetEnv();
});

/** The whole database as text: pg_dump on PostgreSQL; every row of every table on the embedded engine. */
async function dumpDatabase(): Promise<string> {
  const config = db.current.connection as { connectionString?: string };
  if (testDatabaseKind === "postgres" && config.connectionString) {
    const { stdout } = await promisify(execFile)("pg_dump", ["--no-owner", config.connectionString], {
      maxBuffer: 512 * 1024 * 1024,
    });
    return stdout;
  }
  const tables = await db.current.sql<{ name: string }>({
    text: `SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables
           WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    values: [],
  });
  const parts: string[] = [];
  for (const { name } of tables) {
    const rows = await db.current.sql<{ row: string }>({ text: `SELECT t::text AS row FROM ${name} t`, values: [] });
    parts.push(name, ...rows.map((row) => row.row));
  }
  return parts.join("\n");
}

async function ingest(token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await postText(token, JSON.stringify(body), { "user-agent": "ErasureTest/1.0", ...headers });
  return { status: response.status, json: (await response.json()) as Record<string, any> };
}

describe("erasure", () => {
  it("leaves none of the person's data in a dump of the database, and every request count as it was", async () => {
    const { workspace, link, token } = await setupLink(db.current);
    const endpoint = await createEndpoint(workspace.id, {
      url: receiver.url("/erasure"),
      events: ["lead.created", "lead.updated", "lead.erased"],
    });
    const tag = randomBytes(5).toString("hex");
    const person = {
      email: `zuleica.${tag}@example.com`,
      name: `Zuleica Quixabeira ${tag}`,
      phone: uniquePhone(),
      document: cpf(String(Number.parseInt(tag.slice(0, 6), 16) % 1_000_000_000).padStart(9, "7")),
    };
    const formattedPhone = `+55 (${person.phone.slice(0, 2)}) ${person.phone.slice(2, 7)}-${person.phone.slice(7)}`;
    const consent = {
      granted: true,
      text: `Aceito receber contato de ${person.name}`,
      version: "v3",
      legalBasis: "consent",
      purposes: ["marketing", "sales"],
    };

    const first = await ingest(
      token,
      { name: person.name, email: person.email.toUpperCase(), telephone: person.phone, document: person.document, consent },
      { "idempotency-key": `key-${person.email}`, referer: `https://site.example/?email=${person.email}` },
    );
    expect(first.status).toBe(201);
    const leadId = first.json.leadId as string;
    const second = await ingest(
      token,
      { email: person.email, telephone: formattedPhone, city: "Recife", utmSource: "newsletter" },
      { "idempotency-key": `retry-${person.phone}` },
    );
    expect(second).toMatchObject({ status: 200, json: { leadId } });
    const third = await ingest(token, {
      telephone: formattedPhone,
      consent: { ...consent, granted: false, purposes: ["sales"] },
    });
    expect(third).toMatchObject({ status: 200, json: { leadId } });
    // A rejected request is linked to no lead, but its payload names the person.
    const rejected = await ingest(token, { email: person.email, birthday: "not a date" });
    expect(rejected.status).toBe(422);

    const other = await ingest(token, { name: "Other Person", email: `other.${tag}@example.com`, utmSource: "ads" });
    expect(other.status).toBe(201);
    await receiver.waitFor("/erasure", 4);
    await expect
      .poll(async () => db.current.prisma.webhookMessage.count({ where: { endpointId: endpoint.id, state: "delivered" } }), {
        timeout: 30_000,
      })
      .toBe(4);

    const before = {
      counters: await linkCounters(db.current, link.id),
      submissions: await db.current.prisma.submission.groupBy({
        by: ["outcome"],
        where: { captureLinkId: link.id },
        _count: true,
        orderBy: { outcome: "asc" },
      }),
      leads: await db.current.prisma.lead.count({ where: { workspaceId: workspace.id } }),
      dashboard: await getDashboard(workspace.id, presetPeriod(30)),
      other: await getLead(workspace.id, other.json.leadId),
    };
    expect(await dumpDatabase()).toContain(person.email);

    const erased = await runJson("lead", "erase", "--workspace", workspace.slug, "--id", leadId);
    expect(erased.code, erased.stderr).toBe(0);
    expect(erased.body).toEqual({ leadId, erased: true, erasedAt: expect.any(String) });

    // lead.erased carries the id only.
    const deliveries = await receiver.waitFor("/erasure", 5);
    const erasedEvent = JSON.parse(deliveries[4]!.body);
    expect(erasedEvent).toMatchObject({ type: "lead.erased", data: { leadId } });
    expect(Object.keys(erasedEvent.data)).toEqual(["leadId"]);

    const dump = await dumpDatabase();
    expect(dump).toContain(leadId);
    for (const value of [person.email, person.email.toUpperCase(), person.name, person.phone, formattedPhone, person.document]) {
      expect(dump.includes(value), `the dump still holds ${value}`).toBe(false);
    }
    expect(dump).toContain(`other.${tag}@example.com`);

    expect(await linkCounters(db.current, link.id)).toEqual(before.counters);
    expect(
      await db.current.prisma.submission.groupBy({
        by: ["outcome"],
        where: { captureLinkId: link.id },
        _count: true,
        orderBy: { outcome: "asc" },
      }),
    ).toEqual(before.submissions);
    expect(await db.current.prisma.lead.count({ where: { workspaceId: workspace.id } })).toBe(before.leads);
    // Its requests still count; the erased lead is no lead any more (DESIGN.md section 13).
    const dashboard = await getDashboard(workspace.id, presetPeriod(30));
    expect(dashboard.totals).toEqual({ ...before.dashboard.totals, leads: before.dashboard.totals.leads - 1 });
    expect(await getLead(workspace.id, other.json.leadId)).toEqual(before.other);

    // Consent records stay as proof that consent was given, without the text or where it came from.
    const records = await db.current.prisma.consentRecord.findMany({ where: { leadId } });
    expect(records).toHaveLength(2);
    for (const record of records) expect(record).toMatchObject({ text: null, ip: null, userAgent: null, referer: null });
    expect(await db.current.prisma.idempotencyKey.count({ where: { captureLinkId: link.id } })).toBe(0);

    // An audit entry names the lead by id only.
    const audit = await runJson("audit", "list", "--workspace", workspace.slug);
    const entry = (audit.body as { action: string; target: { id: string } }[]).find((item) => item.action === "lead.erased");
    expect(entry).toMatchObject({ target: { type: "lead", id: leadId }, actor: { kind: "cli" } });

    // Erasing again changes nothing and sends nothing.
    const again = await eraseLead({ workspaceId: workspace.id, leadId, actor: { kind: "cli" } });
    expect(again.erased).toBe(false);
    // A retry with the first idempotency key is a new request now: the key was forgotten with the person.
    const replay = await ingest(
      token,
      { name: "Someone else", email: `fresh.${tag}@example.com` },
      { "idempotency-key": `key-${person.email}` },
    );
    expect(replay.status).toBe(201);
  });

  it("blanks the rejected requests that name the person by a phone in another spelling or a URL-encoded email", async () => {
    // Issue 24 (security 1): the 422 below holds the name, the phone as typed and the email in its referer's
    // query; the accepted lead has the email and the phone in yet another spelling.
    const { workspace, token } = await setupLink(db.current);
    const tag = randomBytes(4).toString("hex");
    const national = uniquePhone();
    const person = { name: `Zebulon Quixotezz ${tag}`, email: `zebulon.${tag}@x.test`, phone: `55${national}` };
    const typed = `${national.slice(0, 2)} ${national.slice(2, 7)}-${national.slice(7)}`;
    const formatted = `+55 (${national.slice(0, 2)}) ${national.slice(2, 7)}-${national.slice(7)}`;
    const encodedEmail = encodeURIComponent(person.email);
    expect(encodedEmail).toContain("%40");

    const probe = await ingest(
      token,
      { name: person.name, telephone: typed, birthday: "31/12/1990" },
      { referer: `https://landing.example/form?email=${encodedEmail}` },
    );
    expect(probe.status).toBe(422);
    // Another probe: the phone alone, digits with the country code, and the email upper-cased in the origin's query.
    const second = await ingest(token, { telephone: Number(person.phone), birthday: "1990-13-01" });
    expect(second.status).toBe(422);
    const third = await ingest(
      token,
      { birthday: "tomorrow" },
      { referer: `https://landing.example/?contact=${encodeURIComponent(person.email.toUpperCase())}` },
    );
    expect(third.status).toBe(422);
    // Someone else's rejected request stays as it was; so does one that carries only a name (not unique).
    const stranger = await ingest(token, { telephone: "11 2345-6789", birthday: "nope" });
    expect(stranger.status).toBe(422);
    const nameOnly = await ingest(token, { name: `Only A Name ${tag}`, birthday: "nope" });
    expect(nameOnly.status).toBe(422);

    const lead = await ingest(token, { email: person.email, telephone: formatted });
    expect(lead.status).toBe(201);
    const leadId = lead.json.leadId as string;
    expect(await eraseLead({ workspaceId: workspace.id, leadId, actor: { kind: "cli" } })).toMatchObject({
      erased: true,
      changed: { "submissions (rejected)": 3 },
    });

    const dump = await dumpDatabase();
    for (const value of [
      person.name,
      person.email,
      encodedEmail,
      person.email.toUpperCase(),
      person.phone,
      national,
      typed,
      formatted,
    ]) {
      expect(dump.includes(value), `the dump still holds ${value}`).toBe(false);
    }
    expect(dump.toLowerCase().includes(encodedEmail.toLowerCase())).toBe(false);
    expect(dump).toContain("11 2345-6789");
    expect(dump).toContain(`Only A Name ${tag}`);
  });

  it("blanks a rejected request whose lead source made the person's email (source_data), though its raw body never holds it", async () => {
    // A mapping link whose expression joins the email from two fields: only the mapped lead (submissions.source_data)
    // spells it out, so erasure must search what the source made of the body, not the body alone.
    const { workspace, link } = await setupLink(db.current);
    await db.current.prisma.captureLink.update({
      where: { id: link.id },
      data: {
        source: "mapping",
        sourceSettings: { preset: null, expression: '{"email": user & "@" & domain, "birthday": born}', signingSecret: null },
      },
    });
    invalidateCaptureLinks(workspace.id);
    const tag = randomBytes(4).toString("hex");
    const email = `quixote.${tag}@x.test`;
    const rejected = await ingest(link.token, { user: `quixote.${tag}`, domain: "x.test", born: "31/02/1990" });
    expect(rejected.status).toBe(422);
    const stored = await db.current.sql<{ payload: string; source_data: { mapped: { email: string } } }>(
      statement(`SELECT payload, source_data FROM submissions WHERE capture_link_id = $1::uuid AND lead_id IS NULL`, [link.id]),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.payload).not.toContain(email);
    expect(stored[0]?.source_data.mapped.email).toBe(email);

    const json = await createLink(db.current, workspace.id);
    const lead = await ingest(json.token, { email });
    expect(lead.status).toBe(201);
    expect(
      await eraseLead({ workspaceId: workspace.id, leadId: lead.json.leadId as string, actor: { kind: "cli" } }),
    ).toMatchObject({ erased: true, changed: { "submissions (rejected)": 1 } });
    const [after] = await db.current.sql<{ payload: string | null; source_data: unknown }>(
      statement(`SELECT payload, source_data FROM submissions WHERE capture_link_id = $1::uuid AND lead_id IS NULL`, [link.id]),
    );
    expect(after).toEqual({ payload: null, source_data: null });
    expect(await dumpDatabase()).not.toContain(email);
  });

  it("finds no lead of another workspace (404), and an id that is no uuid is not found either", async () => {
    const mine = await setupLink(db.current);
    const theirs = await setupLink(db.current);
    const lead = await ingest(theirs.token, { email: `theirs.${randomBytes(4).toString("hex")}@example.com` });
    expect(await errorCode(eraseLead({ workspaceId: mine.workspace.id, leadId: lead.json.leadId, actor: { kind: "cli" } }))).toBe(
      "lead_not_found",
    );
    expect(await errorCode(eraseLead({ workspaceId: mine.workspace.id, leadId: "nope", actor: { kind: "cli" } }))).toBe(
      "lead_not_found",
    );
    const cli = await runJson("lead", "erase", "--workspace", mine.workspace.slug, "--id", lead.json.leadId);
    expect(cli.code).toBe(1);
    expect(cli.body).toMatchObject({ error: { code: "lead_not_found" } });
    expect((await getLead(theirs.workspace.id, lead.json.leadId)).email).toMatch(/^theirs\./);
  });
});

// Issue 13 (DESIGN.md section 9) besides the erasure dump (lgpd-erasure.test.ts): the consent object and its
// immutable records, links that require consent, the access document, retention with a moved clock, the
// audit log, and tenancy of each. Real route handlers, server actions, CLI and database.
import "../support/server-action";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eraseLeadAction } from "@/app/(admin)/w/[slug]/leads/[id]/actions";
import { GET as downloadPersonalData } from "@/app/(admin)/w/[slug]/leads/[id]/personal-data/route";
import { updateLinkSettingsAction } from "@/app/(admin)/w/[slug]/links/actions";
import { updateRetentionAction } from "@/app/(admin)/w/[slug]/settings/privacy/actions";
import { listAuditEntries } from "@/lib/audit/list-audit";
import { authenticate } from "@/lib/auth/auth-options";
import { statement } from "@/lib/db/client";
import { getLeadConsent } from "@/lib/privacy/lead-consent";
import { purgeExpiredData } from "@/lib/privacy/retention";
import { runJson } from "../support/cli-run";
import { useTestDatabase } from "../support/database";
import { cpf, postText, uniquePhone, withoutRateLimit } from "../support/ingest-helpers";
import { callAction } from "../support/server-action";
import { newMember, newTenant } from "../support/tenants";

const db = useTestDatabase();
withoutRateLimit();

async function ingest(token: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await postText(token, JSON.stringify(body), headers);
  return { status: response.status, json: (await response.json()) as Record<string, any> };
}

async function tenantWithLink(options: string[] = []) {
  const { owner, workspace } = await newTenant("Privacy");
  const link = await runJson("link", "create", "--workspace", workspace.slug, "--name", "Landing", ...options);
  expect(link.code, link.stderr).toBe(0);
  return { owner, workspace, link: link.body as { id: string; token: string } };
}

const CONSENT = {
  granted: true,
  text: "Aceito receber ofertas por email e WhatsApp.",
  version: "2026-01",
  legalBasis: "consent",
  purposes: ["email", "whatsapp"],
};

describe("consent in the ingest body", () => {
  it("appends an immutable record per accepted submission, with the request's IP, user agent, origin and page", async () => {
    const { workspace, link } = await tenantWithLink();
    const email = `consent.${randomBytes(4).toString("hex")}@example.com`;
    const headers = {
      "user-agent": "Mozilla/5.0 ConsentTest",
      origin: "https://landing.example",
      referer: "https://landing.example/oferta",
    };
    const first = await ingest(link.token, { email, consent: CONSENT }, headers);
    expect(first).toMatchObject({ status: 201, json: { warnings: [] } });
    const second = await ingest(link.token, { email, consent: { granted: false, purposes: ["whatsapp"], version: "2026-02" } });
    expect(second.status).toBe(200);
    // Without a consent object nothing is recorded.
    expect((await ingest(link.token, { email, city: "Natal" })).status).toBe(200);

    const records = await db.current.prisma.consentRecord.findMany({
      where: { leadId: first.json.leadId },
      orderBy: { createdAt: "asc" },
    });
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      workspaceId: workspace.id,
      granted: true,
      text: CONSENT.text,
      version: "2026-01",
      legalBasis: "consent",
      purposes: ["email", "whatsapp"],
      userAgent: "Mozilla/5.0 ConsentTest",
      origin: "https://landing.example",
      referer: "https://landing.example/oferta",
    });
    expect(records[1]).toMatchObject({ granted: false, legalBasis: "consent", purposes: ["whatsapp"], text: null });
    const submissions = await db.current.prisma.submission.findMany({ where: { leadId: first.json.leadId } });
    expect(records.map((record) => record.submissionId).every((id) => submissions.some((row) => row.id === id))).toBe(true);

    // The lead page's state per purpose: the latest record naming each.
    const state = await getLeadConsent(workspace.id, first.json.leadId);
    expect(state.current.map(({ purpose, granted }) => ({ purpose, granted }))).toEqual([
      { purpose: "email", granted: true },
      { purpose: "whatsapp", granted: false },
    ]);
    expect(state.history).toHaveLength(2);
    // Another workspace sees none of it.
    const other = await newTenant("Other");
    expect((await getLeadConsent(other.workspace.id, first.json.leadId)).history).toEqual([]);
  });

  it("answers 422 validation_failed with field paths for an invalid consent object, and records nothing", async () => {
    const { link } = await tenantWithLink();
    const answer = await ingest(link.token, {
      email: "bad.consent@example.com",
      consent: { granted: "yes", text: "x".repeat(2001), legalBasis: "whim", purposes: ["ok", 3] },
    });
    expect(answer.status).toBe(422);
    expect(answer.json.code).toBe("validation_failed");
    const fields = (answer.json.errors as { field: string }[]).map((error) => error.field).sort();
    expect(fields).toEqual(["consent.granted", "consent.legalBasis", "consent.purposes.1", "consent.text"]);
    const notObject = await ingest(link.token, { email: "bad.consent@example.com", consent: "yes" });
    expect(notObject.json.errors).toEqual([{ field: "consent", code: "invalid_type", message: expect.any(String) }]);
    expect(await db.current.prisma.consentRecord.count({ where: { lead: { email: "bad.consent@example.com" } } })).toBe(0);
  });
});

describe("a link that requires consent", () => {
  it("refuses a request without consent.granted === true with an error on consent (CLI flag)", async () => {
    const { link, workspace } = await tenantWithLink(["--require-consent"]);
    for (const body of [
      { email: "a@example.com" },
      { email: "a@example.com", consent: { granted: false } },
      { email: "a@example.com", consent: null },
    ]) {
      const answer = await ingest(link.token, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.json).toMatchObject({
        code: "validation_failed",
        errors: [{ field: "consent", code: "consent_required", message: expect.any(String) }],
      });
    }
    // With another invalid field, both are named.
    const both = await ingest(link.token, { email: "not-an-email" });
    expect((both.json.errors as { field: string }[]).map((error) => error.field)).toEqual(["email", "consent"]);
    expect(await db.current.prisma.lead.count({ where: { workspaceId: workspace.id } })).toBe(0);
    expect((await ingest(link.token, { email: "a@example.com", consent: { granted: true } })).status).toBe(201);
  });

  it("is a setting of the link page (the real server action), owners and admins only", async () => {
    const { owner, workspace, link } = await tenantWithLink();
    const form = new FormData();
    for (const name of ["allowedOrigins", "rateLimit", "honeypotField"]) form.set(name, "");
    form.set("requireConsent", "on");
    const member = await newMember(workspace.id, "member");
    const refused = await callAction(member, () => updateLinkSettingsAction(workspace.slug, link.id, {}, form));
    expect(refused).toMatchObject({ ok: false, code: "forbidden" });
    const saved = await callAction(owner, () => updateLinkSettingsAction(workspace.slug, link.id, {}, form));
    expect(saved.ok).toBe(true);
    expect((await ingest(link.token, { email: "b@example.com" })).status).toBe(422);
    expect((await ingest(link.token, { email: "b@example.com", consent: { granted: true } })).status).toBe(201);
    const entries = await listAuditEntries(workspace.id);
    expect(entries.find((entry) => entry.action === "link.updated")).toMatchObject({
      actor: { kind: "user", userId: owner.id },
      target: { type: "capture_link", id: link.id },
    });
  });
});

describe("access requests", () => {
  it("gives one document with every lead, submission, consent record and delivery of the person, found like ingest finds them", async () => {
    const { workspace, link } = await tenantWithLink();
    const tag = randomBytes(4).toString("hex");
    const email = `Access.${tag}@Example.com`;
    const phone = uniquePhone();
    const document = cpf(String(Number.parseInt(tag, 16) % 1_000_000_000).padStart(9, "3"));
    const first = await ingest(link.token, { name: "Ana Access", email, document, consent: CONSENT });
    // The same person under their phone only: a second lead (nothing matched), same document.
    const second = await ingest(link.token, { telephone: phone, document });
    await ingest(link.token, { name: "Someone Else", email: `else.${tag}@example.com` });

    const byEmail = await runJson("lead", "personal-data", "--workspace", workspace.slug, "--email", `  ${email.toUpperCase()} `);
    expect(byEmail.code, byEmail.stderr).toBe(0);
    expect(Object.keys(byEmail.body).sort()).toEqual(
      ["consentRecords", "deliveries", "generatedAt", "leads", "submissions", "workspace"].sort(),
    );
    expect(byEmail.body.leads.map((lead: { id: string }) => lead.id)).toEqual([first.json.leadId]);
    expect(byEmail.body.submissions).toHaveLength(1);
    expect(byEmail.body.submissions[0].payload).toMatchObject({ name: "Ana Access", email });
    expect(byEmail.body.consentRecords).toMatchObject([{ leadId: first.json.leadId, granted: true, text: CONSENT.text }]);

    const formatted = `+55 (${phone.slice(0, 2)}) ${phone.slice(2, 7)}-${phone.slice(7)}`;
    const byPhone = await runJson("lead", "personal-data", "--workspace", workspace.slug, "--telephone", formatted);
    expect(byPhone.body.leads.map((lead: { id: string }) => lead.id)).toEqual([second.json.leadId]);
    const punctuated = `${document.slice(0, 3)}.${document.slice(3, 6)}.${document.slice(6, 9)}-${document.slice(9)}`;
    const byDocument = await runJson("lead", "personal-data", "--workspace", workspace.slug, "--document", punctuated);
    expect(byDocument.body.leads.map((lead: { id: string }) => lead.id).sort()).toEqual(
      [first.json.leadId, second.json.leadId].sort(),
    );

    // Invalid lookups are validation errors; none of them, or two, too.
    const invalid = await runJson("lead", "personal-data", "--workspace", workspace.slug, "--email", "nope");
    expect(invalid).toMatchObject({ code: 1, body: { error: { code: "validation_failed" } } });
    const none = await runJson("lead", "personal-data", "--workspace", workspace.slug);
    expect(none).toMatchObject({ code: 1, body: { error: { code: "validation_failed" } } });

    // The audit names the leads found, never the email asked for.
    const audit = await runJson("audit", "list", "--workspace", workspace.slug);
    const downloads = (audit.body as { action: string; details: unknown }[]).filter(
      (entry) => entry.action === "lead.personal_data_downloaded",
    );
    expect(downloads).toHaveLength(3);
    expect(JSON.stringify(audit.body).toLowerCase()).not.toContain(email.toLowerCase());
    expect(JSON.stringify(audit.body)).not.toContain(document);
    expect(downloads.at(-1)).toMatchObject({ details: { lookup: "email", leadIds: [first.json.leadId] } });
  });

  it("downloads from the lead page for owners and admins; members 403, another workspace 404, signed out 401", async () => {
    const { owner, workspace, link } = await tenantWithLink();
    const lead = await ingest(link.token, { email: `page.${randomBytes(4).toString("hex")}@example.com`, consent: CONSENT });
    const request = () => new Request(`http://localhost:3000/w/${workspace.slug}/leads/${lead.json.leadId}/personal-data`);
    const params = (slug: string, id: string) => ({ params: Promise.resolve({ slug, id }) });

    const response = await callAction(owner, () => downloadPersonalData(request(), params(workspace.slug, lead.json.leadId)));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="personal-data-/);
    const body = (await response.json()) as { leads: { id: string }[]; consentRecords: unknown[] };
    expect(body.leads.map((item) => item.id)).toEqual([lead.json.leadId]);
    expect(body.consentRecords).toHaveLength(1);

    const member = await newMember(workspace.id, "member");
    const forbidden = await callAction(member, () => downloadPersonalData(request(), params(workspace.slug, lead.json.leadId)));
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get("content-type")).toContain("application/problem+json");
    expect(await forbidden.json()).toMatchObject({
      code: "forbidden",
      detail: "Only owners and admins can download personal data.",
    });
    // In a Portuguese browser the same refusal reads Portuguese; its code stays the contract's.
    const recusado = await callAction(member, () => downloadPersonalData(request(), params(workspace.slug, lead.json.leadId)), {
      acceptLanguage: "pt-BR,pt;q=0.9",
    });
    expect(recusado.status).toBe(403);
    const problem = (await recusado.json()) as { code: string; detail: string };
    expect(problem.code).toBe("forbidden");
    expect(problem.detail).not.toMatch(/owners|admins/i);
    expect(problem.detail).toBe("Seu papel neste espaço de trabalho não permite isto.");
    const stranger = await newTenant("Stranger");
    const foreign = await callAction(stranger.owner, () =>
      downloadPersonalData(request(), params(stranger.workspace.slug, lead.json.leadId)),
    );
    expect(foreign.status).toBe(404);
    expect((await callAction(null, () => downloadPersonalData(request(), params(workspace.slug, lead.json.leadId)))).status).toBe(
      401,
    );

    // Erasure from the lead page: members are refused, another workspace's owner finds nothing, an owner erases.
    const refused = await callAction(member, () => eraseLeadAction(workspace.slug, lead.json.leadId, {}, new FormData()));
    expect(refused).toMatchObject({ ok: false, code: "forbidden" });
    const elsewhere = await callAction(stranger.owner, () =>
      eraseLeadAction(stranger.workspace.slug, lead.json.leadId, {}, new FormData()),
    );
    expect(elsewhere).toMatchObject({ ok: false, code: "lead_not_found" });
    const erased = await callAction(owner, () => eraseLeadAction(workspace.slug, lead.json.leadId, {}, new FormData()));
    expect(erased.ok).toBe(true);
    const after = await db.current.prisma.lead.findUniqueOrThrow({ where: { id: lead.json.leadId } });
    expect(after).toMatchObject({ email: null, erasedAt: expect.any(Date) });
    const entries = await listAuditEntries(workspace.id);
    expect(entries.find((entry) => entry.action === "lead.erased")).toMatchObject({
      actor: { kind: "user", userId: owner.id },
      target: { id: lead.json.leadId },
    });
  });
});

describe("retention", () => {
  it("with the clock moved forward, purges exactly what is past each workspace's window, in batches, keeping counts", async () => {
    const { owner, workspace, link } = await tenantWithLink();
    const linkId = link.id;
    // 25 accepted and 25 rejected requests, aged by moving their time back.
    for (let index = 0; index < 25; index++) {
      await ingest(link.token, { email: `keep.${index}@example.com` }, { "user-agent": "RetentionTest" });
      await ingest(link.token, { email: `bad-${index}` }, { "user-agent": "RetentionTest" });
    }
    const ids = await db.current.prisma.submission.findMany({
      where: { captureLinkId: linkId },
      orderBy: { receivedAt: "asc" },
      select: { id: true, outcome: true },
    });
    // Day 0 is "now" of the test clock; submissions are 10, 40 and 200 days old.
    const now = new Date("2031-06-01T12:00:00Z");
    const age = (days: number) => new Date(now.getTime() - days * 86_400_000);
    await db.current.sql(
      statement(
        `UPDATE submissions SET received_at = CASE
           WHEN id = ANY ($1::uuid[]) THEN $4::timestamptz WHEN id = ANY ($2::uuid[]) THEN $5::timestamptz ELSE $6::timestamptz END
         WHERE capture_link_id = $3::uuid`,
        [ids.slice(0, 10).map((row) => row.id), ids.slice(10, 30).map((row) => row.id), linkId, age(200), age(40), age(10)],
      ),
    );
    const expected = {
      rejectedOld: ids.slice(0, 30).filter((row) => row.outcome === "rejected").length,
      meta: 10,
    };
    // Another workspace with longer windows keeps its data (set by its owner's form).
    const other = await tenantWithLink();
    const form = new FormData();
    form.set("rejectedPayloadDays", "365");
    form.set("requestMetaDays", "365");
    form.set("webhookAttemptDays", "365");
    expect((await callAction(other.owner, () => updateRetentionAction(other.workspace.slug, {}, form))).ok).toBe(true);
    await ingest(other.link.token, { email: "bad" }, { "user-agent": "RetentionTest" });
    await db.current.sql(
      statement(`UPDATE submissions SET received_at = $1 WHERE capture_link_id = $2::uuid`, [age(300), other.link.id]),
    );
    // Only owners change the windows; bad values are form errors.
    const member = await newMember(workspace.id, "admin");
    expect(await callAction(member, () => updateRetentionAction(workspace.slug, {}, form))).toMatchObject({ code: "forbidden" });
    const bad = new FormData();
    bad.set("rejectedPayloadDays", "0");
    bad.set("requestMetaDays", "abc");
    bad.set("webhookAttemptDays", "30");
    const refused = await callAction(owner, () => updateRetentionAction(workspace.slug, {}, bad));
    expect(Object.keys(refused.fieldErrors ?? {}).sort()).toEqual(["rejectedPayloadDays", "requestMetaDays"]);

    const before = await db.current.prisma.submission.groupBy({
      by: ["outcome"],
      where: { captureLinkId: linkId },
      _count: true,
      orderBy: { outcome: "asc" },
    });
    // A referer's query can carry what the body did: it goes with a rejected request's payload.
    await db.current.sql(
      statement(
        `UPDATE submissions SET referer = 'https://landing.example/?email=someone%40x.test' WHERE capture_link_id = $1::uuid`,
        [linkId],
      ),
    );
    const result = await purgeExpiredData(db.current, { now: () => now, batchSize: 4 });
    expect(result.rejectedPayloads).toBeGreaterThanOrEqual(expected.rejectedOld);
    const rows = await db.current.prisma.submission.findMany({ where: { captureLinkId: linkId } });
    const days = (row: { receivedAt: Date }) => Math.round((now.getTime() - row.receivedAt.getTime()) / 86_400_000);
    for (const row of rows) {
      const rejected = row.outcome === "rejected";
      expect(row.payload === null, `payload of a ${row.outcome} request ${days(row)} days old`).toBe(rejected && days(row) > 30);
      expect(row.referer === null, `referer of a ${row.outcome} request ${days(row)} days old`).toBe(rejected && days(row) > 30);
      expect(row.ip === null && row.userAgent === null, `meta of a request ${days(row)} days old`).toBe(days(row) > 180);
    }
    expect(rows.filter((row) => row.userAgent === null)).toHaveLength(expected.meta);
    expect(result.batches).toBeGreaterThanOrEqual(Math.ceil(expected.rejectedOld / 4) + Math.ceil(expected.meta / 4));
    // The other workspace's 300-day-old request is within its 365 days.
    const kept = await db.current.prisma.submission.findFirstOrThrow({ where: { captureLinkId: other.link.id } });
    expect(kept).toMatchObject({ userAgent: "RetentionTest", payload: expect.any(String) });
    // Counts are kept.
    expect(
      await db.current.prisma.submission.groupBy({
        by: ["outcome"],
        where: { captureLinkId: linkId },
        _count: true,
        orderBy: { outcome: "asc" },
      }),
    ).toEqual(before);
    // A second run finds nothing more.
    expect(await purgeExpiredData(db.current, { now: () => now, batchSize: 4 })).toMatchObject({
      rejectedPayloads: 0,
      requestMeta: 0,
    });
  });

  it("deletes webhook attempt logs past their window and keeps the messages", async () => {
    const { workspace } = await tenantWithLink();
    const endpoint = await db.current.prisma.webhookEndpoint.create({
      data: { workspaceId: workspace.id, url: "https://hooks.example/x", secret: "whsec_test" },
    });
    const message = await db.current.prisma.webhookMessage.create({
      data: { endpointId: endpoint.id, workspaceId: workspace.id, eventType: "lead.created", state: "delivered" },
    });
    const now = new Date("2031-06-01T00:00:00Z");
    await db.current.prisma.webhookAttempt.createMany({
      data: [10, 29, 31, 60].map((days) => ({
        messageId: message.id,
        endpointId: endpoint.id,
        at: new Date(now.getTime() - days * 86_400_000),
        durationMs: 5,
        status: 200,
        succeeded: true,
      })),
    });
    const result = await purgeExpiredData(db.current, { now: () => now });
    expect(result.webhookAttempts).toBeGreaterThanOrEqual(2);
    const left = await db.current.prisma.webhookAttempt.findMany({ where: { messageId: message.id } });
    expect(left.map((attempt) => Math.round((now.getTime() - attempt.at.getTime()) / 86_400_000)).sort()).toEqual([10, 29]);
    expect(await db.current.prisma.webhookMessage.count({ where: { id: message.id } })).toBe(1);
  });

  it("deletes Idempotency-Key records past 24 hours and sent emails past their window; a key is usable again", async () => {
    const { owner, workspace, link } = await tenantWithLink();
    const key = (name: string) => ({ "idempotency-key": `${name}-${randomBytes(4).toString("hex")}` });
    const oldKey = key("old");
    const freshKey = key("fresh");
    expect((await ingest(link.token, { email: `${randomBytes(4).toString("hex")}@old.example` }, oldKey)).status).toBe(201);
    expect((await ingest(link.token, { email: `${randomBytes(4).toString("hex")}@fresh.example` }, freshKey)).status).toBe(201);
    const now = new Date();
    await db.current.sql(
      statement(`UPDATE idempotency_keys SET created_at = $1 WHERE capture_link_id = $2::uuid AND key = $3`, [
        new Date(now.getTime() - 25 * 3_600_000),
        link.id,
        oldKey["idempotency-key"],
      ]),
    );
    const emails = await Promise.all(
      [
        { days: 31, state: "delivered", workspaceId: workspace.id },
        { days: 29, state: "delivered", workspaceId: workspace.id },
        { days: 40, state: "pending", workspaceId: workspace.id },
        { days: 31, state: "failed", workspaceId: null },
      ].map(({ days, state, workspaceId }) =>
        db.current.prisma.emailMessage.create({
          data: {
            kind: workspaceId ? "new_lead" : "password_reset",
            workspaceId,
            userId: owner.id,
            state,
            createdAt: new Date(now.getTime() - days * 86_400_000),
          },
        }),
      ),
    );

    const result = await purgeExpiredData(db.current, { now: () => now, batchSize: 2 });
    expect(result.idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(result.emailMessages).toBeGreaterThanOrEqual(2);
    const keys = await db.current.prisma.idempotencyKey.findMany({ where: { captureLinkId: link.id } });
    expect(keys.map((row) => row.key)).toEqual([freshKey["idempotency-key"]]);
    const left = await db.current.prisma.emailMessage.findMany({ where: { id: { in: emails.map((email) => email.id) } } });
    expect(left.map((email) => email.id).sort()).toEqual([emails[1]!.id, emails[2]!.id].sort());
    // The old key names a new request now; the fresh one still answers the first response.
    const again = await ingest(link.token, { email: "another@old.example" }, oldKey);
    expect(again.status).toBe(201);
    expect((await ingest(link.token, { email: "another@fresh.example" }, freshKey)).status).toBe(422);
  });
});

describe("audit log", () => {
  it("records sign-ins, member changes, links and fields, shows them to the workspace only, without personal data", async () => {
    const { owner, workspace } = await tenantWithLink();
    const password = "quiet-otter-41";
    expect(await authenticate({ email: owner.email, password })).not.toBeNull();
    expect(await authenticate({ email: owner.email, password: "wrong password" })).toBeNull();
    const field = await runJson("field", "create", "--workspace", workspace.slug, "--name", "budget", "--label", "Budget");
    expect(field.code).toBe(0);

    const entries = await runJson("audit", "list", "--workspace", workspace.slug);
    expect(entries.code).toBe(0);
    const actions = (entries.body as { action: string }[]).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["auth.sign_in", "link.created", "field.created"]));
    expect(actions.filter((action) => action === "auth.sign_in")).toHaveLength(1);
    const signIn = (entries.body as { action: string; actor: { userId: string; email: string } }[]).find(
      (entry) => entry.action === "auth.sign_in",
    );
    expect(signIn).toMatchObject({ actor: { userId: owner.id, email: owner.email } });

    // Another workspace's log has none of this.
    const other = await newTenant("Elsewhere");
    const theirs = await runJson("audit", "list", "--workspace", other.workspace.slug);
    expect((theirs.body as { action: string }[]).map((entry) => entry.action)).not.toContain("field.created");
    const limit = await runJson("audit", "list", "--workspace", workspace.slug, "--limit", "0");
    expect(limit).toMatchObject({ code: 1, body: { error: { code: "validation_failed" } } });
  });
});

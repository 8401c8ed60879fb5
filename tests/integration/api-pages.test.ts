// DESIGN.md section 8: keyset pages that neither skip nor repeat a lead while leads arrive, and
// updatedAfter returning exactly the leads that changed.
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { apiJson } from "../support/api-client";
import { testDatabaseKind, useTestDatabase } from "../support/database";
import { post } from "../support/ingest-client";
import { setupLink, uniqueEmail } from "../support/ingest-helpers";

const db = useTestDatabase();

async function workspaceWithLeads(count: number) {
  const { workspace, token } = await setupLink(db.current, { rateLimit: "off" });
  const key = (await createApiKey(workspace.id, { name: "Sync" })).token;
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = uniqueEmail(`p${i}`);
    emails.push(email);
    expect((await post(token, { name: `Lead ${i}`, email })).status).toBe(201);
  }
  return { workspace, token, key, emails };
}

/** Every page of a query, following nextCursor; runs `between` while each page is read. */
async function allPages(key: string, query: string, between?: () => Promise<unknown>) {
  const pages: { id: string; updatedAt: string; createdAt: string }[][] = [];
  let cursor: string | null = null;
  do {
    const path: string = `/api/v1/leads?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const [page] = await Promise.all([apiJson(path, { key }), between?.()]);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    pages.push(page.body.data);
    cursor = page.body.nextCursor;
  } while (cursor);
  return pages;
}

describe("keyset pages", () => {
  it("neither skip nor repeat a lead while leads are inserted and updated concurrently", async () => {
    const { token, key, emails } = await workspaceWithLeads(24);
    const before = (await apiJson("/api/v1/leads?limit=1000", { key })).body.data.map((lead: { id: string }) => lead.id);
    expect(before).toHaveLength(24);
    let n = 0;
    // While each page is read, three new leads arrive and an existing one is updated (same email).
    const traffic = () =>
      Promise.all([
        post(token, { email: uniqueEmail(`new${n++}`) }),
        post(token, { email: uniqueEmail(`new${n++}`) }),
        post(token, { email: uniqueEmail(`new${n++}`) }),
        post(token, { email: emails[n % emails.length], city: `City ${n}` }),
      ]);
    const pages = await allPages(key, "limit=5", traffic);
    const seen = pages.flat().map((lead) => lead.id);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen).toContain(id);
    // Ascending createdAt: the pages come in order, each lead after the one before.
    const keys = pages.flat().map((lead) => `${lead.createdAt}|${lead.id}`);
    expect([...keys].sort()).toEqual(keys);

    // Once the traffic is over, a full read finds every lead exactly once.
    const total = await db.current.prisma.lead.count({ where: { id: { in: seen } } });
    expect(total).toBe(seen.length);
    const again = (await allPages(key, "limit=7")).flat().map((lead) => lead.id);
    expect(new Set(again).size).toBe(again.length);
    // Three new leads per page read; the updates made none.
    expect(again.length).toBe(24 + n);
    expect(new Set([...again, ...seen]).size).toBe(again.length);
  });

  // Two connections at once: PostgreSQL only (the embedded engine runs one transaction at a time).
  it.runIf(testDatabaseKind === "postgres")(
    "hold back leads newer than a transaction still running, which may commit a lead with an earlier time",
    async () => {
      const { workspace, token, key } = await workspaceWithLeads(1);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let inserted!: () => void;
      const started = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      const slowId = crypto.randomUUID();
      // A transaction that writes a lead (createdAt = its start) and commits only later.
      const slow = db.current.transaction(async (tx) => {
        await tx.exec(`INSERT INTO leads (id, workspace_id, email) VALUES ('${slowId}', '${workspace.id}', 'slow@example.com')`);
        inserted();
        await gate;
      });
      await started;
      const fast = await post(token, { email: uniqueEmail("fast") });
      expect(fast.status).toBe(201);
      // The fast lead is newer than the open transaction's start: a page that handed it out now would put its
      // cursor past the slow lead, which commits with an earlier createdAt. So it is not handed out yet.
      const during = (await apiJson("/api/v1/leads", { key })).body;
      expect(during.data.map((lead: { id: string }) => lead.id)).not.toContain(fast.json!.leadId);
      release();
      await slow;
      const after = (await apiJson("/api/v1/leads", { key })).body.data.map((lead: { id: string }) => lead.id);
      expect(after.slice(-2)).toEqual([slowId, fast.json!.leadId]);
    },
  );

  it("a cursor of one query is refused by another (validation_failed), never silently restarted", async () => {
    const { key } = await workspaceWithLeads(3);
    const first = await apiJson("/api/v1/leads?limit=1", { key });
    const wrong = await apiJson(
      `/api/v1/leads?limit=1&updatedAfter=2000-01-01T00:00:00Z&cursor=${encodeURIComponent(first.body.nextCursor)}`,
      { key },
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0].field).toBe("cursor");
  });
});

describe("updatedAfter", () => {
  it("returns exactly the leads created or changed after the instant, oldest change first", async () => {
    const { token, key, emails } = await workspaceWithLeads(4);
    const listed = (await apiJson("/api/v1/leads", { key })).body.data as { id: string; email: string; updatedAt: string }[];
    const mark = listed
      .map((lead) => lead.updatedAt)
      .sort()
      .at(-1)!;
    // Every change below happens in a later millisecond than the mark.
    await sleep(5);
    expect((await apiJson(`/api/v1/leads?updatedAfter=${mark}`, { key })).body.data).toEqual([]);

    expect((await post(token, { email: emails[2], city: "Recife" })).status).toBe(200);
    await sleep(2);
    expect((await post(token, { email: emails[0], city: "Natal" })).status).toBe(200);
    const fresh = await post(token, { email: uniqueEmail("late") });
    expect(fresh.status).toBe(201);

    const changed = (await allPages(key, `updatedAfter=${encodeURIComponent(mark)}&limit=1`)).flat();
    const byEmail = new Map(listed.map((lead) => [lead.id, lead.email]));
    expect(changed.map((lead) => byEmail.get(lead.id) ?? lead.id)).toEqual([emails[2], emails[0], fresh.json!.leadId]);
    expect(changed.map((lead) => (lead as { city?: string }).city)).toEqual(["Recife", "Natal", null]);

    // Exclusive: the newest change's own updatedAt finds nothing after it.
    const last = changed.at(-1)!.updatedAt;
    expect((await apiJson(`/api/v1/leads?updatedAfter=${encodeURIComponent(last)}`, { key })).body.data).toEqual([]);
    // createdAfter / createdBefore bound by creation, excluding the bound itself.
    const created = await apiJson(`/api/v1/leads?createdAfter=${encodeURIComponent(mark)}`, { key });
    expect(created.body.data.map((lead: { id: string }) => lead.id)).toEqual([fresh.json!.leadId]);
  });

  it("combines with q, captureLinkId and utmSource", async () => {
    const { workspace, token, key } = await workspaceWithLeads(0);
    const other = await setupLink(db.current);
    await post(token, { name: "Joana Prado", email: uniqueEmail(), utmSource: "Google" });
    await post(token, { name: "Maria Lima", email: uniqueEmail(), utmSource: "facebook" });
    const link = await db.current.prisma.captureLink.findFirstOrThrow({ where: { workspaceId: workspace.id } });
    const names = async (query: string) =>
      ((await apiJson(`/api/v1/leads?${query}`, { key })).body.data as { name: string }[]).map((lead) => lead.name);
    expect(await names("q=joana")).toEqual(["Joana Prado"]);
    expect(await names("utmSource=google")).toEqual(["Joana Prado"]);
    expect(await names(`captureLinkId=${link.id}`)).toEqual(["Joana Prado", "Maria Lima"]);
    expect(await names(`captureLinkId=${other.link.id}`)).toEqual([]);
  });
});

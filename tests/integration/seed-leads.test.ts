// `npm run seed`: the SQL that fills a workspace with realistic leads, on both databases.
import { isValidCPF } from "@brazilian-utils/brazilian-utils";
import { describe, expect, it } from "vitest";
import type { SqlExecutor } from "@/lib/db/client";
import { listLeadPage } from "@/lib/leads/list-leads";
import { seedLeads } from "@/lib/leads/seed-leads";
import { createLink } from "@/lib/links/create-link";
import { loadLinkCounters } from "@/lib/links/link-counters";
import { useTestDatabase } from "../support/database";
import { newTenant } from "../support/tenants";

const db = useTestDatabase();

function executor(): SqlExecutor {
  return db.current;
}

describe("seedLeads", () => {
  it("inserts realistic leads over the workspace's links, one accepted submission each, and counts them", async () => {
    const { workspace } = await newTenant("Seeded");
    const a = await createLink(workspace.id, { name: "A" });
    const b = await createLink(workspace.id, { name: "B" });
    const progress: number[] = [];
    const inserted = await seedLeads(executor(), {
      workspaceId: workspace.id,
      captureLinkIds: [a.id, b.id],
      leads: 500,
      batchSize: 200,
      onProgress: (done) => progress.push(done),
    });
    expect(inserted).toBe(500);
    expect(progress).toEqual([200, 400, 500]);
    // Vacuumed, not only analysed (what autovacuum would otherwise start beside the first requests). `submissions` is
    // partitioned by month: VACUUM of the table vacuums each partition, which is where the statistics are.
    const vacuumed = await db.current.prisma.$queryRaw<{ relname: string; vacuumed: boolean }[]>`
      SELECT relname, vacuum_count > 0 AS vacuumed FROM pg_stat_user_tables
      WHERE relname = 'leads' OR relid IN (SELECT inhrelid FROM pg_inherits WHERE inhparent = 'submissions'::regclass)
      ORDER BY relname`;
    expect(vacuumed.map((row) => row.relname)).toContain("submissions_legacy");
    expect(vacuumed.filter((row) => !row.vacuumed)).toEqual([]);

    const prisma = db.current.prisma;
    const leads = await prisma.lead.findMany({
      where: { workspaceId: workspace.id },
      select: {
        id: true,
        email: true,
        phone: true,
        name: true,
        document: true,
        firstUtmSource: true,
        createdAt: true,
        captureLinkId: true,
      },
    });
    expect(leads).toHaveLength(500);
    const emails = leads.flatMap((lead) => (lead.email ? [lead.email] : []));
    const phones = leads.flatMap((lead) => (lead.phone ? [lead.phone] : []));
    expect(new Set(emails).size).toBe(emails.length);
    expect(new Set(phones).size).toBe(phones.length);
    expect(emails.length).toBeGreaterThan(400);
    for (const email of emails) expect(email).toMatch(/^[a-z.]+\.\d+x\d+@[a-z.]+$/);
    for (const phone of phones) expect(phone).toMatch(/^55\d{2}9\d{8}$/);
    const documents = leads.flatMap((lead) => (lead.document ? [lead.document] : []));
    expect(documents.length).toBeGreaterThan(50);
    for (const document of documents) expect(isValidCPF(document), document).toBe(true);
    expect(leads.every((lead) => lead.name !== null && (lead.email !== null || lead.phone !== null))).toBe(true);
    expect(new Set(leads.map((lead) => lead.firstUtmSource)).size).toBeGreaterThan(3);
    const yearAgo = Date.now() - 366 * 86_400_000;
    expect(leads.every((lead) => lead.createdAt.getTime() > yearAgo && lead.createdAt.getTime() <= Date.now())).toBe(true);
    expect(new Set(leads.map((lead) => lead.captureLinkId))).toEqual(new Set([a.id, b.id]));

    const submissions = await prisma.submission.groupBy({ by: ["outcome"], where: { workspaceId: workspace.id }, _count: true });
    expect(submissions).toEqual([{ outcome: "created", _count: 500 }]);
    const counters = await loadLinkCounters(workspace.id, [a.id, b.id]);
    expect(counters.get(a.id)!.accepted + counters.get(b.id)!.accepted).toBe(500);

    // The table finds them like any other leads.
    const [first] = leads;
    expect((await listLeadPage(workspace.id, { q: first!.email ?? first!.phone! })).leads.map((lead) => lead.id)).toContain(
      first!.id,
    );

    // A second run adds leads instead of clashing with the first.
    expect(await seedLeads([executor()], { workspaceId: workspace.id, captureLinkIds: [a.id], leads: 100 })).toBe(100);
    expect(await prisma.lead.count({ where: { workspaceId: workspace.id } })).toBe(600);
  });
});

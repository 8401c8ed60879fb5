// Issue 14 at scale: the leads table's status, owner and tag filters walk partial sort indexes of the
// worked-on leads (migration 20261124130000_lead_filter_indexes). Those indexes are PostgreSQL's to keep:
// these tests check that after bulk and single workflow changes every combination still pages through
// exactly the leads it should, in order, on both databases, and that a status filter walks its index.
import { beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/db/generated/client";
import { bulkUpdateLeads } from "@/lib/leads/bulk-update-leads";
import { LeadFilter, type LeadFilterInput } from "@/lib/leads/lead-filter";
import { listLeadPage } from "@/lib/leads/list-leads";
import { seedLeads } from "@/lib/leads/seed-leads";
import { COLLECT, type LeadRowsRunner, selectLeadRows, WALK } from "@/lib/leads/select-lead-rows";
import { updateLeadWorkflow } from "@/lib/leads/update-lead-workflow";
import { createLink } from "@/lib/links/create-link";
import { useTestDatabase } from "../support/database";
import { newMember, newTenant } from "../support/tenants";

const db = useTestDatabase();

let workspaceId: string;
let actorUserId: string;
let memberId: string;

type BulkAction = Parameters<typeof bulkUpdateLeads>[1]["action"];

async function bulk(filter: LeadFilterInput, action: BulkAction) {
  return bulkUpdateLeads(db.current, { workspaceId, actorUserId, target: { filter }, action });
}

beforeAll(async () => {
  const { owner, workspace } = await newTenant("Filters");
  workspaceId = workspace.id;
  actorUserId = owner.id;
  memberId = (await newMember(workspace.id, "member")).id;
  const link = await createLink(workspace.id, { name: "Site" });
  await seedLeads(db.current, { workspaceId, captureLinkIds: [link.id], leads: 400 });
  // A neighbour whose leads carry the same values must never show up.
  const neighbour = await newTenant("Neighbour");
  const neighbourLink = await createLink(neighbour.workspace.id, { name: "Site" });
  await seedLeads(db.current, { workspaceId: neighbour.workspace.id, captureLinkIds: [neighbourLink.id], leads: 50 });
  await db.current.exec(`UPDATE leads SET status = 'won', tags = '{VIP}' WHERE workspace_id = '${neighbour.workspace.id}'`);
}, 120_000);

/** Every lead of a filter, following the Next links 7 at a time. */
async function pagedIds(filter: LeadFilterInput): Promise<string[]> {
  const ids: string[] = [];
  let after: string | undefined;
  for (let page = 0; page < 200; page++) {
    const result = await listLeadPage(workspaceId, filter, { after, limit: 7 });
    ids.push(...result.leads.map((lead) => lead.id));
    after = result.nextCursor;
    if (!after) return ids;
  }
  throw new Error("more pages than leads");
}

/** The same leads straight from the table, by a plain reading of the filter. */
async function expectedIds(filter: { status?: string; owner?: string; tag?: string; q?: string; sort: "newest" | "name" }) {
  const conditions = [Prisma.sql`workspace_id = ${workspaceId}::uuid`];
  if (filter.status) conditions.push(Prisma.sql`status::text = ${filter.status}`);
  if (filter.owner) conditions.push(Prisma.sql`owner_id = ${filter.owner}::uuid`);
  if (filter.tag) conditions.push(Prisma.sql`${filter.tag} = ANY (SELECT lower(tag) FROM unnest(tags) AS tag)`);
  if (filter.q) conditions.push(Prisma.sql`position(${filter.q} IN lower(coalesce(name, '') || ' ' || coalesce(email, ''))) > 0`);
  const order =
    filter.sort === "name"
      ? Prisma.sql`(name IS NULL), coalesce(leadlink_fold(name), ''), id`
      : Prisma.sql`created_at DESC, id DESC`;
  const rows = await db.current.sql<{ id: string }>(
    Prisma.sql`SELECT id FROM leads WHERE ${Prisma.join(conditions, " AND ")} ORDER BY ${order}`,
  );
  return rows.map((row) => row.id);
}

async function expectEveryCombinationRight() {
  const combinations = [
    { status: "won" },
    { status: "contacted" },
    { owner: memberId },
    { tag: "vip" },
    { status: "won", owner: memberId },
    { status: "won", tag: "vip" },
    { status: "contacted", tag: "webinar" },
    { owner: memberId, tag: "webinar" },
    { status: "won", q: "silva" },
    { q: "silva", tag: "vip" },
  ];
  for (const combination of combinations) {
    for (const sort of ["newest", "name"] as const) {
      const filter = { ...combination, sort };
      const expected = await expectedIds(filter);
      expect({ filter, ids: await pagedIds(filter) }).toEqual({ filter, ids: expected });
    }
  }
}

describe("workflow filters at scale", () => {
  it("stay right through bulk status, owner and tag changes and single changes", async () => {
    expect(await bulk({ utm_source: "google" }, { kind: "status", status: "won" })).toMatchObject({
      updated: expect.any(Number),
    });
    await bulk({ utm_source: "facebook" }, { kind: "status", status: "contacted" });
    await bulk({ utm_medium: "cpc" }, { kind: "owner", ownerId: memberId });
    await bulk({ status: "won", utm_medium: "organic" }, { kind: "addTag", tag: "VIP" });
    await bulk({ status: "contacted" }, { kind: "addTag", tag: "webinar" });
    await expectEveryCombinationRight();

    // Changes that take leads out of the worked-on indexes and move them between statuses.
    await bulk({ status: "won", q: "silva" }, { kind: "status", status: "new" });
    await bulk({ status: "contacted", owner: memberId }, { kind: "removeTag", tag: "WEBINAR" });
    await bulk({ tag: "vip", utm_source: "google" }, { kind: "status", status: "contacted" });
    await bulk({ owner: memberId, status: "contacted" }, { kind: "owner", ownerId: null });
    const [first] = (await listLeadPage(workspaceId, { status: "new" }, { limit: 1 })).leads;
    await updateLeadWorkflow(db.current, {
      workspaceId,
      leadId: first!.id,
      actorUserId,
      patch: { status: "won", ownerId: memberId, tags: ["Vip", "webinar"] },
    });
    expect((await pagedIds({ status: "won", owner: memberId, tag: "webinar" })).includes(first!.id)).toBe(true);
    await expectEveryCombinationRight();
  }, 120_000);

  it("walks the status's own sort index for a status filter combined with a tag", async () => {
    await db.current.exec("ANALYZE leads");
    const indexes: string[] = [];
    const plans = (setting: string): ((sql: Prisma.Sql) => Promise<never[]>) => {
      return async (sql) => {
        await db.current.transaction(async (tx) => {
          // A table this small is otherwise read whole, whatever the indexes.
          await tx.exec(`${setting}; SET LOCAL enable_seqscan = off`);
          const [row] = await tx.sql<{ "QUERY PLAN": unknown }>(Prisma.sql`EXPLAIN (FORMAT JSON) ${sql}`);
          const names = JSON.stringify(row!["QUERY PLAN"]).matchAll(/"Index Name":\s*"([^"]+)"/g);
          indexes.push(...Array.from(names, (match) => match[1]!));
        });
        return [];
      };
    };
    // The product's own settings: without its enable_sort = off, a table this small may be walked in another
    // index's order and sorted, and which index the planner then picks depends on ANALYZE's sample.
    const runner: LeadRowsRunner<never> = {
      rows: plans("SELECT 1"),
      rowsWalkingIndex: plans(WALK.join("; ")),
      rowsFromSearchIndex: plans(COLLECT.join("; ")),
    };
    const filter = LeadFilter.parse({ status: "won", tag: "vip" });
    await selectLeadRows({ columns: Prisma.sql`l.id`, workspaceId, filter, limit: 51 }, runner);
    expect(indexes[0]).toBe("leads_workspace_id_status_created_at_id_idx");
    indexes.length = 0;
    await selectLeadRows({ columns: Prisma.sql`l.id`, workspaceId, filter: { ...filter, sort: "name" }, limit: 51 }, runner);
    expect(indexes[0]).toBe("leads_workspace_id_status_name_idx");
  });

  it("walks the tagged leads' index alone for a tag filter with a search, and keeps the leads too large for it", async () => {
    await db.current.exec("ANALYZE leads");
    const plans: string[] = [];
    const explain: LeadRowsRunner<never> = {
      rows: async () => [],
      rowsFromSearchIndex: async () => [],
      rowsWalkingIndex: async (sql) => {
        await db.current.transaction(async (tx) => {
          await tx.exec("SET LOCAL enable_bitmapscan = off; SET LOCAL enable_sort = off; SET LOCAL enable_seqscan = off");
          const [row] = await tx.sql<{ "QUERY PLAN": unknown }>(Prisma.sql`EXPLAIN (FORMAT JSON) ${sql}`);
          plans.push(JSON.stringify(row!["QUERY PLAN"]));
        });
        return [];
      },
    };
    for (const sort of ["newest", "name"] as const) {
      const filter = LeadFilter.parse({ q: "silva", tag: "vip", sort });
      await selectLeadRows({ columns: Prisma.sql`l.id`, workspaceId, filter, limit: 51 }, explain);
      const index = sort === "name" ? "leads_workspace_id_tagged_name_idx" : "leads_workspace_id_tagged_created_at_id_idx";
      expect(plans.at(-1)).toMatch(new RegExp(`"Node Type":\\s*"Index Only Scan",[^}]*"Index Name":\\s*"${index}"`));
    }

    // A B-tree entry holds at most ~2,700 bytes: a tagged lead whose name, email, phone and document (500
    // characters each, of up to 4 bytes) would not fit is kept out of those indexes, and still found.
    const distinct = (from: number) => String.fromCodePoint(...Array.from({ length: 490 }, (_, i) => from + i * 7));
    const [large] = await db.current.sql<{ id: string }>(
      Prisma.sql`SELECT id FROM leads WHERE workspace_id = ${workspaceId}::uuid AND tags = '{}' ORDER BY created_at DESC LIMIT 1`,
    );
    await updateLeadWorkflow(db.current, { workspaceId, leadId: large!.id, actorUserId, patch: { tags: ["VIP"] } });
    await db.current.sql(
      Prisma.sql`UPDATE leads SET name = ${`Silva ${distinct(0x1f300)}`}, document = ${distinct(0x20000)} WHERE id = ${large!.id}::uuid`,
    );
    for (const sort of ["newest", "name"] as const) {
      expect(await pagedIds({ q: "silva", tag: "vip", sort })).toContain(large!.id);
      expect(await pagedIds({ tag: "vip", sort })).toContain(large!.id);
      // Back from the last page with the Previous links: the same leads (the walk read backwards).
      const filter = { tag: "vip", sort };
      const forward = await pagedIds(filter);
      let page = await listLeadPage(workspaceId, filter, { limit: 7 });
      while (page.nextCursor) page = await listLeadPage(workspaceId, filter, { after: page.nextCursor, limit: 7 });
      const backward = page.leads.map((lead) => lead.id);
      while (page.previousCursor) {
        page = await listLeadPage(workspaceId, filter, { after: page.previousCursor, limit: 7 });
        backward.unshift(...page.leads.map((lead) => lead.id));
      }
      expect(backward).toEqual(forward);
    }
    await expectEveryCombinationRight();
  });

  it("finds a long term (a whole email) exactly, through the walk and through the search index", async () => {
    const rows = await db.current.sql<{ id: string }>(
      Prisma.sql`SELECT id FROM leads WHERE workspace_id = ${workspaceId}::uuid ORDER BY created_at LIMIT 3`,
    );
    const [whole, longer, samePrefix] = rows.map((row) => row.id);
    const emails: [string, string][] = [
      [whole!, "fabio.lopes.123456@uol.com.br"],
      [longer!, "xfabio.lopes.123456@uol.com.br.old"],
      // The same first 12 characters, not the term.
      [samePrefix!, "fabio.lopes.123457@uol.com.br"],
    ];
    for (const [id, email] of emails) {
      await db.current.sql(Prisma.sql`UPDATE leads SET email = ${email} WHERE id = ${id}::uuid`);
    }
    // Typed with capitals and an accent, as search folds both.
    const q = "Fábio.Lopes.123456@UOL.com.br";
    expect(new Set(await pagedIds({ q }))).toEqual(new Set([whole, longer]));
    expect(new Set(await pagedIds({ q, sort: "name" }))).toEqual(new Set([whole, longer]));

    // The collecting statement (when a walk does not fill the page) finds the same leads.
    const none = async () => [];
    const collectOnly: LeadRowsRunner<{ id: string }> = {
      rows: none,
      rowsWalkingIndex: none,
      rowsFromSearchIndex: (sql) =>
        db.current.transaction(async (tx) => {
          await tx.exec("SET LOCAL enable_indexscan = off");
          return tx.sql<{ id: string }>(sql);
        }),
    };
    const collected = await selectLeadRows(
      { columns: Prisma.sql`l.id`, workspaceId, filter: LeadFilter.parse({ q }), limit: 51 },
      collectOnly,
    );
    expect(new Set(collected.map((row) => row.id))).toEqual(new Set([whole, longer]));
  });
});

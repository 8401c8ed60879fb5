// Issue 14 (DESIGN.md section 10): a lead's status, owner, tags and notes; the filters; bulk actions over
// selected or filtered leads, in batches, never outside the workspace; lead.updated through the real outbox
// and dispatcher to a real HTTP receiver; the CSV's workflow columns and its Excel-friendly variant.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnv } from "@/lib/env";
import { bulkUpdateLeads, countBulkTarget } from "@/lib/leads/bulk-update-leads";
import { exportLeads } from "@/lib/leads/export-leads";
import { getLead } from "@/lib/leads/get-lead";
import type { LeadFilterInput } from "@/lib/leads/lead-filter";
import { addLeadNote, listLeadNotes } from "@/lib/leads/lead-notes";
import { listTags } from "@/lib/leads/lead-tags";
import { MAX_NOTE_LENGTH } from "@/lib/leads/lead-workflow-input";
import { listLeadPage } from "@/lib/leads/list-leads";
import { updateLeadWorkflow } from "@/lib/leads/update-lead-workflow";
import { createLink } from "@/lib/links/create-link";
import { type Dispatcher, startDispatcher } from "@/lib/server/outbox";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { removeMember } from "@/lib/workspaces/remove-member";
import { runJson } from "../support/cli-run";
import { parseCsv } from "../support/csv";
import { useTestDatabase } from "../support/database";
import { post } from "../support/ingest-client";
import { errorCode, fieldErrors, newMember, newTenant, newUser } from "../support/tenants";
import { type Receiver, startReceiver } from "../support/webhook-receiver";

const db = useTestDatabase();
const savedAllow = process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
let receiver: Receiver;
let dispatcher: Dispatcher;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";
  resetEnv();
  receiver = await startReceiver();
  dispatcher = startDispatcher(db.current, { pollMs: 50 });
});

afterAll(async () => {
  await dispatcher?.stop();
  await receiver?.close();
  if (savedAllow === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  else process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = savedAllow;
  resetEnv();
});

async function tenantWithLeads(count: number, name = "Workflow") {
  const { owner, workspace } = await newTenant(name);
  const link = await createLink(workspace.id, { name: "Site" });
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const response = await post(link.token, { name: `Lead ${index}`, email: `lead${index}-${workspace.slug}@example.com` });
    expect(response.status).toBe(201);
    ids.push(response.json!.leadId as string);
  }
  return { owner, workspace, link, ids };
}

async function statusOf(id: string) {
  return (await db.current.prisma.lead.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;
}

async function idsMatching(workspaceId: string, filter: LeadFilterInput): Promise<string[]> {
  return (await listLeadPage(workspaceId, filter, { limit: 1000 })).leads.map((lead) => lead.id).sort();
}

describe("a lead's status, owner and tags", () => {
  it("starts new, unowned and untagged, and the lead JSON (CLI included) says so", async () => {
    const { workspace, ids } = await tenantWithLeads(1);
    const lead = await getLead(workspace.id, ids[0]!);
    expect(lead).toMatchObject({ status: "new", owner: null, tags: [] });
    const { code, body } = await runJson("lead", "get", "--workspace", workspace.slug, "--id", ids[0]!);
    expect(code).toBe(0);
    expect(body).toMatchObject({ status: "new", owner: null, tags: [] });
  });

  it("sets status, owner and tags; bumps updatedAt; tags are trimmed and one per case, spelled as first used", async () => {
    const { owner, workspace, ids } = await tenantWithLeads(2);
    const member = await newMember(workspace.id, "member");
    const before = await getLead(workspace.id, ids[0]!);
    const first = await updateLeadWorkflow(db.current, {
      workspaceId: workspace.id,
      leadId: ids[0]!,
      actorUserId: owner.id,
      patch: { status: "contacted", ownerId: member.id, tags: ["  VIP ", "hot   lead", "vip"] },
    });
    expect(first).toMatchObject({
      status: "contacted",
      owner: { id: member.id, email: member.email, name: "member" },
      tags: ["VIP", "hot lead"],
    });
    expect(new Date(first.updatedAt).getTime()).toBeGreaterThan(new Date(before.updatedAt).getTime());

    // Another lead tagged "vip" gets the workspace's spelling.
    const second = await updateLeadWorkflow(db.current, {
      workspaceId: workspace.id,
      leadId: ids[1]!,
      actorUserId: owner.id,
      patch: { tags: ["vip"] },
    });
    expect(second.tags).toEqual(["VIP"]);
    expect(await listTags(workspace.id)).toEqual(["hot lead", "VIP"]);

    // Unassign; the CLI's lead list carries the workflow fields too.
    const cleared = await updateLeadWorkflow(db.current, {
      workspaceId: workspace.id,
      leadId: ids[0]!,
      actorUserId: owner.id,
      patch: { ownerId: null },
    });
    expect(cleared).toMatchObject({ owner: null, status: "contacted", tags: ["VIP", "hot lead"] });
    const { body } = await runJson("lead", "list", "--workspace", workspace.slug);
    expect(body.find((lead: { id: string }) => lead.id === ids[1])).toMatchObject({ status: "new", tags: ["VIP"] });
  });

  it("refuses a bad status, bad tags and an owner from another workspace; another workspace's lead is not found", async () => {
    const { owner, workspace, ids } = await tenantWithLeads(1);
    const other = await newTenant("Other");
    const outsider = await newUser("outsider");
    const patch = (p: Record<string, unknown>, leadId = ids[0]!, workspaceId = workspace.id) =>
      updateLeadWorkflow(db.current, { workspaceId, leadId, actorUserId: owner.id, patch: p as never });

    expect(await fieldErrors(patch({ status: "closed" }))).toEqual({ status: "invalid_value" });
    expect(Object.keys(await fieldErrors(patch({ tags: ["a,b", " ", "x".repeat(51)] })))).toEqual(["tags.0", "tags.1", "tags.2"]);
    expect(await errorCode(patch({ ownerId: other.owner.id }))).toBe("member_not_found");
    expect(await errorCode(patch({ ownerId: outsider.id }))).toBe("member_not_found");
    expect(await errorCode(patch({ status: "won" }, ids[0]!, other.workspace.id))).toBe("lead_not_found");
    expect(await errorCode(patch({ status: "won" }, "not-a-uuid"))).toBe("lead_not_found");
    expect(await statusOf(ids[0]!)).toBe("new");
    expect((await getLead(workspace.id, ids[0]!)).owner).toBeNull();
  });

  it("releases a member's leads when they leave the workspace", async () => {
    const { owner, workspace, ids } = await tenantWithLeads(1);
    const member = await newMember(workspace.id, "member");
    await updateLeadWorkflow(db.current, {
      workspaceId: workspace.id,
      leadId: ids[0]!,
      actorUserId: owner.id,
      patch: { ownerId: member.id },
    });
    await removeMember(workspace.id, owner.id, member.id);
    expect((await getLead(workspace.id, ids[0]!)).owner).toBeNull();
  });
});

describe("notes", () => {
  it("adds notes with author and time, newest first, up to 10,000 characters; bumps updatedAt", async () => {
    const { owner, workspace, ids } = await tenantWithLeads(1);
    const before = await getLead(workspace.id, ids[0]!);
    const note = await addLeadNote(db.current, {
      workspaceId: workspace.id,
      leadId: ids[0]!,
      authorUserId: owner.id,
      note: { body: "  Called, not interested.\nTry again in March. " },
    });
    expect(note).toMatchObject({ body: "Called, not interested.\nTry again in March.", author: { id: owner.id } });
    const long = await addLeadNote(db.current, {
      workspaceId: workspace.id,
      leadId: ids[0]!,
      authorUserId: owner.id,
      note: { body: "x".repeat(MAX_NOTE_LENGTH) },
    });
    const notes = await listLeadNotes(workspace.id, ids[0]!);
    expect(notes.map((item) => item.id)).toEqual([long.id, note.id]);
    expect(new Date((await getLead(workspace.id, ids[0]!)).updatedAt).getTime()).toBeGreaterThan(
      new Date(before.updatedAt).getTime(),
    );
  });

  it("refuses empty and too long notes, and another workspace's lead", async () => {
    const { owner, workspace, ids } = await tenantWithLeads(1);
    const other = await newTenant("Other");
    const add = (body: string, workspaceId = workspace.id) =>
      addLeadNote(db.current, { workspaceId, leadId: ids[0]!, authorUserId: owner.id, note: { body } });
    expect(await fieldErrors(add("   "))).toEqual({ body: "required" });
    expect(await fieldErrors(add("x".repeat(MAX_NOTE_LENGTH + 1)))).toEqual({ body: "too_big" });
    expect(await errorCode(add("hello", other.workspace.id))).toBe("lead_not_found");
    expect(await listLeadNotes(workspace.id, ids[0]!)).toEqual([]);
    expect(await listLeadNotes(other.workspace.id, ids[0]!)).toEqual([]);
  });
});

describe("filters", () => {
  it("filters by status, owner (or unassigned) and tag, combined with each other and with search", async () => {
    const { owner, workspace, ids } = await tenantWithLeads(4);
    const member = await newMember(workspace.id, "member");
    const set = (index: number, patch: Record<string, unknown>) =>
      updateLeadWorkflow(db.current, { workspaceId: workspace.id, leadId: ids[index]!, actorUserId: owner.id, patch });
    await set(0, { status: "won", ownerId: member.id, tags: ["VIP"] });
    await set(1, { status: "won", tags: ["cold"] });
    await set(2, { ownerId: member.id, tags: ["vip"] });

    const sorted = (...indexes: number[]) => indexes.map((index) => ids[index]!).sort();
    expect(await idsMatching(workspace.id, { status: "won" })).toEqual(sorted(0, 1));
    expect(await idsMatching(workspace.id, { status: "new" })).toEqual(sorted(2, 3));
    expect(await idsMatching(workspace.id, { owner: member.id })).toEqual(sorted(0, 2));
    expect(await idsMatching(workspace.id, { owner: "none" })).toEqual(sorted(1, 3));
    expect(await idsMatching(workspace.id, { tag: "vip" })).toEqual(sorted(0, 2));
    expect(await idsMatching(workspace.id, { tag: " VIP " })).toEqual(sorted(0, 2));
    expect(await idsMatching(workspace.id, { tag: "nope" })).toEqual([]);
    expect(await idsMatching(workspace.id, { status: "won", owner: member.id, tag: "vip" })).toEqual(sorted(0));
    expect(await idsMatching(workspace.id, { status: "won", q: `lead1-${workspace.slug}` })).toEqual(sorted(1));
  });

  it("refuses an unknown status and an owner that is neither an id nor none", async () => {
    const { workspace } = await tenantWithLeads(0);
    expect(await fieldErrors(listLeadPage(workspace.id, { status: "closed" }))).toEqual({ status: "invalid_value" });
    expect(Object.keys(await fieldErrors(listLeadPage(workspace.id, { owner: "bob" })))).toEqual(["owner"]);
  });
});

describe("bulk actions", () => {
  it("changes the selected leads, in batches, skipping another workspace's ids", async () => {
    const { owner, workspace, ids } = await tenantWithLeads(3);
    const other = await tenantWithLeads(1, "Other");
    const target = { ids: [ids[0]!, ids[1]!, other.ids[0]!] };
    expect(await countBulkTarget(db.current, workspace.id, target)).toBe(2);
    const result = await bulkUpdateLeads(db.current, {
      workspaceId: workspace.id,
      actorUserId: owner.id,
      target,
      action: { kind: "status", status: "qualified" },
    });
    expect(result).toEqual({ updated: 2 });
    expect(await statusOf(ids[0]!)).toBe("qualified");
    expect(await statusOf(ids[2]!)).toBe("new");
    expect(await statusOf(other.ids[0]!)).toBe("new");
  });

  it("applies to everything a filter matches, over more than one batch, and never to another workspace", async () => {
    const { owner, workspace, link } = await tenantWithLeads(0, "Many");
    const other = await tenantWithLeads(0, "Neighbour");
    // 1,203 leads (three batches of 500) from a campaign, 3 from elsewhere; the neighbour has the same campaign.
    await db.current.exec(`
      INSERT INTO leads (id, workspace_id, capture_link_id, email, first_utm_source, last_utm_source)
      SELECT gen_random_uuid(), '${workspace.id}', '${link.id}', 'bulk' || n || '@example.com', 'google', 'google'
      FROM generate_series(1, 1203) AS n;
      INSERT INTO leads (id, workspace_id, capture_link_id, email, first_utm_source, last_utm_source)
      SELECT gen_random_uuid(), '${workspace.id}', '${link.id}', 'other' || n || '@example.com', 'bing', 'bing'
      FROM generate_series(1, 3) AS n;
      INSERT INTO leads (id, workspace_id, capture_link_id, email, first_utm_source, last_utm_source)
      SELECT gen_random_uuid(), '${other.workspace.id}', '${other.link.id}', 'n' || n || '@example.com', 'google', 'google'
      FROM generate_series(1, 20) AS n;`);
    const filter = { utm_source: "google" };
    expect(await countBulkTarget(db.current, workspace.id, { filter })).toBe(1203);

    const member = await newMember(workspace.id, "member");
    const run = (action: Parameters<typeof bulkUpdateLeads>[1]["action"], target: { filter: LeadFilterInput } = { filter }) =>
      bulkUpdateLeads(db.current, { workspaceId: workspace.id, actorUserId: owner.id, target, action });
    expect(await run({ kind: "status", status: "lost" })).toEqual({ updated: 1203 });
    expect(await run({ kind: "status", status: "lost" })).toEqual({ updated: 0 });
    expect(await run({ kind: "owner", ownerId: member.id })).toEqual({ updated: 1203 });
    expect(await run({ kind: "addTag", tag: "Black Friday" })).toEqual({ updated: 1203 });
    expect(await run({ kind: "addTag", tag: "black friday" })).toEqual({ updated: 0 });
    // A filter on the workflow fields themselves: the set shrinks as it is changed, and nothing is skipped.
    expect(await run({ kind: "status", status: "won" }, { filter: { status: "lost", tag: "black friday" } })).toEqual({
      updated: 1203,
    });
    expect(await run({ kind: "removeTag", tag: "BLACK FRIDAY" }, { filter: {} })).toEqual({ updated: 1203 });
    expect(await run({ kind: "removeTag", tag: "never used" }, { filter: {} })).toEqual({ updated: 0 });

    const counts = await db.current.sql<{ workspace_id: string; status: string; owned: number; tagged: number; n: number }>({
      text: `SELECT workspace_id, status::text, count(owner_id)::int AS owned, count(*) FILTER (WHERE tags <> '{}')::int AS tagged,
        count(*)::int AS n FROM leads WHERE workspace_id = ANY ($1::uuid[]) GROUP BY 1, 2 ORDER BY 1, 2`,
      values: [[workspace.id, other.workspace.id]],
    });
    expect(counts).toEqual(
      expect.arrayContaining([
        { workspace_id: workspace.id, status: "won", owned: 1203, tagged: 0, n: 1203 },
        { workspace_id: workspace.id, status: "new", owned: 0, tagged: 0, n: 3 },
        { workspace_id: other.workspace.id, status: "new", owned: 0, tagged: 0, n: 20 },
      ]),
    );
    expect(counts).toHaveLength(3);
  });

  it("refuses an owner from another workspace before touching anything, and unknown actions", async () => {
    const { owner, workspace, ids } = await tenantWithLeads(2);
    const other = await newTenant("Other");
    const run = (action: unknown) =>
      bulkUpdateLeads(db.current, { workspaceId: workspace.id, actorUserId: owner.id, target: { ids }, action: action as never });
    expect(await errorCode(run({ kind: "owner", ownerId: other.owner.id }))).toBe("member_not_found");
    expect(await errorCode(run({ kind: "erase" }))).toBe("validation_failed");
    expect(await errorCode(run({ kind: "addTag", tag: "" }))).toBe("validation_failed");
    expect((await getLead(workspace.id, ids[0]!)).owner).toBeNull();
    expect(
      await errorCode(
        bulkUpdateLeads(db.current, {
          workspaceId: workspace.id,
          actorUserId: owner.id,
          target: { ids: [] },
          action: { kind: "status", status: "won" },
        }),
      ),
    ).toBe("validation_failed");
  });
});

describe("lead.updated", () => {
  it("is delivered for a change, a note and each lead of a bulk action, with status, owner and tags", async () => {
    const { owner, workspace, ids } = await tenantWithLeads(2);
    const endpoint = await createEndpoint(workspace.id, { url: receiver.url(`/workflow-${workspace.slug}`) });
    const path = `/workflow-${workspace.slug}`;
    const before = await db.current.prisma.webhookMessage.count({ where: { endpointId: endpoint.id } });
    expect(before).toBe(0);

    await updateLeadWorkflow(db.current, {
      workspaceId: workspace.id,
      leadId: ids[0]!,
      actorUserId: owner.id,
      patch: { status: "won", ownerId: owner.id, tags: ["VIP"] },
    });
    const [first] = await receiver.waitFor(path, 1);
    const body = JSON.parse(first!.body);
    expect(body).toMatchObject({
      type: "lead.updated",
      data: { lead: { id: ids[0], status: "won", owner: { id: owner.id, email: owner.email }, tags: ["VIP"] } },
    });
    expect(body.data.submission).toBeUndefined();

    // A patch that changes nothing sends nothing.
    await updateLeadWorkflow(db.current, {
      workspaceId: workspace.id,
      leadId: ids[0]!,
      actorUserId: owner.id,
      patch: { status: "won" },
    });
    await addLeadNote(db.current, { workspaceId: workspace.id, leadId: ids[1]!, authorUserId: owner.id, note: { body: "hi" } });
    await bulkUpdateLeads(db.current, {
      workspaceId: workspace.id,
      actorUserId: owner.id,
      target: { ids },
      action: { kind: "status", status: "lost" },
    });
    const received = await receiver.waitFor(path, 4);
    const leads = received.slice(1).map((request) => JSON.parse(request.body).data.lead);
    expect(leads.map((lead: { id: string }) => lead.id).sort()).toEqual([ids[1], ids[0], ids[1]].sort());
    expect(await db.current.prisma.webhookMessage.count({ where: { endpointId: endpoint.id } })).toBe(4);
  });

  it("is delivered for each lead a departing member owned, with the owner cleared", async () => {
    const { owner, workspace, ids } = await tenantWithLeads(3);
    const member = await newMember(workspace.id, "member");
    for (const leadId of ids.slice(0, 2)) {
      await updateLeadWorkflow(db.current, {
        workspaceId: workspace.id,
        leadId,
        actorUserId: owner.id,
        patch: { ownerId: member.id },
      });
    }
    const path = `/leave-${workspace.slug}`;
    const endpoint = await createEndpoint(workspace.id, { url: receiver.url(path) });
    await removeMember(workspace.id, owner.id, member.id);
    const received = await receiver.waitFor(path, 2);
    const leads = received.map((request) => JSON.parse(request.body).data.lead);
    expect(leads.map((lead: { id: string }) => lead.id).sort()).toEqual(ids.slice(0, 2).sort());
    expect(leads.every((lead: { owner: unknown }) => lead.owner === null)).toBe(true);
    expect(await db.current.prisma.webhookMessage.count({ where: { endpointId: endpoint.id } })).toBe(2);
  });
});

describe("CSV", () => {
  async function csvOf(workspaceId: string, options: Parameters<typeof exportLeads>[2] = {}) {
    const { chunks } = await exportLeads(workspaceId, {}, options);
    let text = "";
    for await (const chunk of chunks) text += chunk;
    return text;
  }

  it("has status, owner (email) and tags columns", async () => {
    const { owner, workspace, ids } = await tenantWithLeads(1);
    await updateLeadWorkflow(db.current, {
      workspaceId: workspace.id,
      leadId: ids[0]!,
      actorUserId: owner.id,
      patch: { status: "qualified", ownerId: owner.id, tags: ["VIP", "São Paulo"] },
    });
    const [header, row] = parseCsv(await csvOf(workspace.id));
    const column = (name: string) => row![header!.indexOf(name)];
    expect(column("status")).toBe("qualified");
    expect(column("owner")).toBe(owner.email);
    expect(column("tags")).toBe("VIP, São Paulo");
  });

  it("plain CSV has no BOM and commas; Excel-friendly has a BOM and ';' for pt-BR, ',' for en-US", async () => {
    const { workspace } = await tenantWithLeads(1);
    const plain = await csvOf(workspace.id);
    expect(plain.charCodeAt(0)).not.toBe(0xfeff);
    expect(plain.split("\n")[0]).toMatch(/^id,name,email,/);

    const portuguese = await csvOf(workspace.id, { flavour: "excel", locale: "pt-BR" });
    expect(portuguese.charCodeAt(0)).toBe(0xfeff);
    expect(portuguese.slice(1).split("\n")[0]).toMatch(/^id;name;email;/);
    const rows = parseCsv(portuguese.slice(1).replaceAll(";", ","));
    expect(rows[1]).toHaveLength(rows[0]!.length);

    const english = await csvOf(workspace.id, { flavour: "excel", locale: "en-US" });
    expect(english.charCodeAt(0)).toBe(0xfeff);
    expect(english.slice(1).split("\n")[0]).toMatch(/^id,name,email,/);
  });
});

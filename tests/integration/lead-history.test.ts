// Issue 24 (item A): every change of a lead's status, owner and tags is kept with who made it (a member or
// an API key), when, from and to, in the change's own transaction, from every path (the lead page's form,
// bulk actions on selected and filtered leads, PATCH /api/v1/leads/{id}, a member leaving); the lead page's
// timeline merges them with notes and submissions; erasure deletes them.
import "../support/server-action";
import { describe, expect, it } from "vitest";
import { bulkUpdateLeadsAction, updateLeadWorkflowAction } from "@/app/(admin)/w/[slug]/leads/actions";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { statement } from "@/lib/db/client";
import { getLeadDetail } from "@/lib/leads/get-lead-detail";
import { getLeadTimeline, listLeadChanges } from "@/lib/leads/get-lead-timeline";
import { addLeadNote } from "@/lib/leads/lead-notes";
import { updateLeadWorkflow } from "@/lib/leads/update-lead-workflow";
import { createLink } from "@/lib/links/create-link";
import { eraseLead } from "@/lib/privacy/erase-lead";
import { removeMember } from "@/lib/workspaces/remove-member";
import { apiJson } from "../support/api-client";
import { useTestDatabase } from "../support/database";
import { post } from "../support/ingest-client";
import { withoutRateLimit } from "../support/ingest-helpers";
import { callAction } from "../support/server-action";
import { newMember, newTenant } from "../support/tenants";

const db = useTestDatabase();
withoutRateLimit();

async function tenantWithLeads(count: number, name = "History") {
  const { owner, workspace } = await newTenant(name);
  const link = await createLink(workspace.id, { name: "Site" });
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const response = await post(link.token, { name: `Lead ${index}`, email: `h${index}-${workspace.slug}@example.com` });
    expect(response.status).toBe(201);
    ids.push(response.json!.leadId as string);
  }
  return { owner, workspace, ids };
}

/** The stored rows of a lead's history, oldest first, as the database has them. */
async function rowsOf(leadId: string) {
  return db.current.sql<{ field: string; from: unknown; to: unknown; actor_user_id: string | null; actor_key_id: string | null }>(
    statement(
      `SELECT field, from_value AS "from", to_value AS "to", actor_user_id, actor_key_id FROM lead_changes
       WHERE lead_id = $1::uuid ORDER BY created_at, field`,
      [leadId],
    ),
  );
}

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

describe("a lead's history", () => {
  it("records the lead page's changes by the signed-in member, one row per changed field, none for an unchanged save", async () => {
    const { owner, workspace, ids } = await tenantWithLeads(1);
    const bruno = await newMember(workspace.id, "member");
    const save = (values: Record<string, string>) =>
      callAction(owner, () => updateLeadWorkflowAction(workspace.slug, ids[0]!, {}, form(values)));
    expect(await save({ status: "won", ownerId: bruno.id, tags: "VIP, webinar" })).toMatchObject({ ok: true });
    expect(await save({ status: "won", ownerId: bruno.id, tags: "VIP, webinar" })).toMatchObject({ ok: true });
    expect(await save({ status: "won", ownerId: "", tags: "VIP" })).toMatchObject({ ok: true });

    expect(await rowsOf(ids[0]!)).toEqual([
      { field: "owner", from: null, to: bruno.id, actor_user_id: owner.id, actor_key_id: null },
      { field: "status", from: "new", to: "won", actor_user_id: owner.id, actor_key_id: null },
      { field: "tags", from: [], to: ["VIP", "webinar"], actor_user_id: owner.id, actor_key_id: null },
      { field: "owner", from: bruno.id, to: null, actor_user_id: owner.id, actor_key_id: null },
      { field: "tags", from: ["VIP", "webinar"], to: ["VIP"], actor_user_id: owner.id, actor_key_id: null },
    ]);
  });

  it("records PATCH /api/v1/leads/{id} by the API key, and the timeline names the key", async () => {
    const { workspace, ids } = await tenantWithLeads(1);
    const key = await createApiKey(workspace.id, { name: "CRM sync", scope: "write" });
    const patched = await apiJson(`/api/v1/leads/${ids[0]}`, { key: key.token, method: "PATCH", body: { status: "contacted" } });
    expect(patched.status).toBe(200);
    expect(await rowsOf(ids[0]!)).toEqual([
      { field: "status", from: "new", to: "contacted", actor_user_id: null, actor_key_id: expect.any(String) },
    ]);
    const [change] = await listLeadChanges(workspace.id, ids[0]!);
    expect(change).toMatchObject({ field: "status", from: "new", to: "contacted", actor: { kind: "api_key", name: "CRM sync" } });
  });

  it("records a bulk action on selected leads with one row per lead it changed, none for a lead already so", async () => {
    const { owner, workspace, ids } = await tenantWithLeads(3);
    await updateLeadWorkflow(db.current, {
      workspaceId: workspace.id,
      leadId: ids[0]!,
      actorUserId: owner.id,
      patch: { status: "won" },
    });
    const before = await db.current.prisma.leadChange.count({ where: { workspaceId: workspace.id } });
    const result = await callAction(owner, () =>
      bulkUpdateLeadsAction(workspace.slug, { scope: "selected", ids, query: "" }, { kind: "status", value: "won" }),
    );
    expect(result).toMatchObject({ ok: true, updated: 2 });
    expect(await db.current.prisma.leadChange.count({ where: { workspaceId: workspace.id } })).toBe(before + 2);
    for (const id of ids.slice(1)) {
      expect(await rowsOf(id)).toEqual([
        { field: "status", from: "new", to: "won", actor_user_id: owner.id, actor_key_id: null },
      ]);
    }
    expect(await rowsOf(ids[0]!)).toHaveLength(1);
  });

  it("records bulk owner and tag actions on filtered leads, from and to as they were", async () => {
    const { owner, workspace, ids } = await tenantWithLeads(2);
    const ana = await newMember(workspace.id, "admin");
    await updateLeadWorkflow(db.current, {
      workspaceId: workspace.id,
      leadId: ids[0]!,
      actorUserId: owner.id,
      patch: { tags: ["old"] },
    });
    const filtered = { scope: "filter" as const, ids: [], query: "" };
    expect(
      await callAction(ana, () => bulkUpdateLeadsAction(workspace.slug, filtered, { kind: "addTag", value: "vip" })),
    ).toMatchObject({
      updated: 2,
    });
    expect(
      await callAction(ana, () => bulkUpdateLeadsAction(workspace.slug, filtered, { kind: "owner", value: ana.id })),
    ).toMatchObject({
      updated: 2,
    });
    expect(
      await callAction(ana, () => bulkUpdateLeadsAction(workspace.slug, filtered, { kind: "removeTag", value: "old" })),
    ).toMatchObject({
      updated: 1,
    });
    const byAna = { actor_user_id: ana.id, actor_key_id: null };
    expect((await rowsOf(ids[0]!)).slice(1)).toEqual([
      { field: "tags", from: ["old"], to: ["old", "vip"], ...byAna },
      { field: "owner", from: null, to: ana.id, ...byAna },
      { field: "tags", from: ["old", "vip"], to: ["vip"], ...byAna },
    ]);
    expect(await rowsOf(ids[1]!)).toEqual([
      { field: "tags", from: [], to: ["vip"], ...byAna },
      { field: "owner", from: null, to: ana.id, ...byAna },
    ]);
  });

  it("records the owner cleared when the owner leaves the workspace, by whoever removed them", async () => {
    const { owner, workspace, ids } = await tenantWithLeads(1);
    const leaving = await newMember(workspace.id, "member");
    await updateLeadWorkflow(db.current, {
      workspaceId: workspace.id,
      leadId: ids[0]!,
      actorUserId: owner.id,
      patch: { ownerId: leaving.id },
    });
    await removeMember(workspace.id, owner.id, leaving.id);
    expect((await rowsOf(ids[0]!)).at(-1)).toEqual({
      field: "owner",
      from: leaving.id,
      to: null,
      actor_user_id: owner.id,
      actor_key_id: null,
    });
  });

  it("is never written for another workspace's lead, and each workspace sees only its own", async () => {
    const a = await tenantWithLeads(1, "Alpha");
    const b = await tenantWithLeads(1, "Beta");
    const result = await callAction(a.owner, () =>
      bulkUpdateLeadsAction(
        a.workspace.slug,
        { scope: "selected", ids: [b.ids[0]!], query: "" },
        { kind: "status", value: "lost" },
      ),
    );
    expect(result).toMatchObject({ ok: true, updated: 0 });
    expect(await rowsOf(b.ids[0]!)).toEqual([]);
    await updateLeadWorkflow(db.current, {
      workspaceId: b.workspace.id,
      leadId: b.ids[0]!,
      actorUserId: b.owner.id,
      patch: { status: "lost" },
    });
    expect(await listLeadChanges(a.workspace.id, b.ids[0]!)).toEqual([]);
  });
});

describe("the lead page's timeline", () => {
  it("merges submissions, notes and changes newest first, with the people and statuses they name", async () => {
    const { owner, workspace, ids } = await tenantWithLeads(1);
    const bruno = await newMember(workspace.id, "member");
    const step = () => new Promise((resolve) => setTimeout(resolve, 15));
    await step();
    await updateLeadWorkflow(db.current, {
      workspaceId: workspace.id,
      leadId: ids[0]!,
      actorUserId: owner.id,
      patch: { status: "won" },
    });
    await step();
    await addLeadNote(db.current, {
      workspaceId: workspace.id,
      leadId: ids[0]!,
      authorUserId: bruno.id,
      note: { body: "Signed." },
    });
    await step();
    await updateLeadWorkflow(db.current, {
      workspaceId: workspace.id,
      leadId: ids[0]!,
      actorUserId: bruno.id,
      patch: { ownerId: bruno.id, tags: ["VIP"] },
    });

    const { submissions } = await getLeadDetail(workspace.id, ids[0]!);
    const timeline = await getLeadTimeline(workspace.id, ids[0]!, submissions);
    expect(timeline.map((item) => (item.kind === "change" ? `change:${item.change.field}` : item.kind))).toEqual([
      "change:owner",
      "change:tags",
      "note",
      "change:status",
      "submission",
    ]);
    const times = timeline.map((item) => item.at.getTime());
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const owned = timeline[0]!.kind === "change" ? timeline[0]!.change : undefined;
    expect(owned).toMatchObject({
      from: null,
      to: bruno.id,
      toOwner: { id: bruno.id },
      actor: { kind: "user", user: { id: bruno.id } },
    });
  });
});

describe("erasure", () => {
  it("deletes the lead's history (tags may name the person) and leaves other leads' history", async () => {
    const { owner, workspace, ids } = await tenantWithLeads(2);
    for (const id of ids) {
      await updateLeadWorkflow(db.current, {
        workspaceId: workspace.id,
        leadId: id,
        actorUserId: owner.id,
        patch: { tags: ["Maria's cousin"] },
      });
    }
    await eraseLead({ workspaceId: workspace.id, leadId: ids[0]!, actor: { kind: "user", userId: owner.id } });
    expect(await rowsOf(ids[0]!)).toEqual([]);
    expect(await rowsOf(ids[1]!)).toHaveLength(1);
  });
});

// Issue 24 (security 9), DESIGN.md section 13: an erased lead appears nowhere as a lead: not in the leads
// page's list and counts, its filters, bulk actions (ids or filter), the CSV export, the dashboard's lead
// counts, the API's and the CLI's lists; its id answers GET with {id, erasedAt}; PATCH, the page's workflow
// and note actions refuse it (lead_erased) and write nothing back.
import "../support/server-action";
import { describe, expect, it } from "vitest";
import { addLeadNoteAction, bulkUpdateLeadsAction, updateLeadWorkflowAction } from "@/app/(admin)/w/[slug]/leads/actions";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { presetPeriod } from "@/lib/dashboard/dashboard-period";
import { getDashboard } from "@/lib/dashboard/get-dashboard";
import { bulkUpdateLeads, countBulkTarget } from "@/lib/leads/bulk-update-leads";
import { exportLeads } from "@/lib/leads/export-leads";
import type { LeadFilterInput } from "@/lib/leads/lead-filter";
import { addLeadNote } from "@/lib/leads/lead-notes";
import { listTags } from "@/lib/leads/lead-tags";
import { listLeadPage } from "@/lib/leads/list-leads";
import { updateLeadWorkflow } from "@/lib/leads/update-lead-workflow";
import { createLink } from "@/lib/links/create-link";
import { eraseLead } from "@/lib/privacy/erase-lead";
import { apiJson } from "../support/api-client";
import { runJson } from "../support/cli-run";
import { parseCsv } from "../support/csv";
import { useTestDatabase } from "../support/database";
import { post } from "../support/ingest-client";
import { callAction } from "../support/server-action";
import { errorCode, newTenant } from "../support/tenants";

const db = useTestDatabase();

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

/** A workspace with three worked-on leads (status, owner, tag); the first is then erased. */
async function workspaceWithErasedLead() {
  const { owner, workspace } = await newTenant("Erased");
  const link = await createLink(workspace.id, { name: "Site" });
  const ids: string[] = [];
  for (const name of ["Erased Person", "Kept One", "Kept Two"]) {
    const response = await post(link.token, {
      name,
      email: `${name.replace(" ", ".").toLowerCase()}.${workspace.slug}@example.com`,
      utmSource: "google",
    });
    expect(response.status).toBe(201);
    ids.push(response.json!.leadId as string);
  }
  for (const id of ids) {
    await updateLeadWorkflow(db.current, {
      workspaceId: workspace.id,
      leadId: id,
      actorUserId: owner.id,
      patch: { status: "qualified", ownerId: owner.id, tags: ["vip"] },
    });
  }
  const [erased, ...kept] = ids as [string, string, string];
  const { erasedAt } = await eraseLead({ workspaceId: workspace.id, leadId: erased, actor: { kind: "cli" } });
  const row = () => db.current.prisma.lead.findUniqueOrThrow({ where: { id: erased } });
  return { owner, workspace, link, erased, kept, erasedAt, row };
}

describe("an erased lead", () => {
  it("is not in the leads page's list, its filters, its counts or the export", async () => {
    const { workspace, erased, kept } = await workspaceWithErasedLead();
    const filters: LeadFilterInput[] = [
      {},
      { sort: "name" },
      { sort: "oldest" },
      { sort: "updated" },
      { status: "qualified" },
      { status: "qualified", sort: "name" },
      { owner: (await db.current.prisma.lead.findUniqueOrThrow({ where: { id: kept[0] } })).ownerId! },
      { tag: "vip" },
      { tag: "vip", q: "kept" },
      { utm_source: "google" },
      { q: "e" },
      { from: "2000-01-01", to: "2999-12-31" },
    ];
    for (const filter of filters) {
      const ids = (await listLeadPage(workspace.id, filter)).leads.map((lead) => lead.id);
      expect(ids, JSON.stringify(filter)).not.toContain(erased);
      if (!filter.q) expect(ids.sort(), JSON.stringify(filter)).toEqual([...kept].sort());
      expect(await countBulkTarget(db.current, workspace.id, { filter }), JSON.stringify(filter)).toBe(ids.length);
    }
    // "N leads selected" counts only leads that are leads.
    expect(await countBulkTarget(db.current, workspace.id, { ids: [erased, ...kept] })).toBe(2);

    const { chunks } = await exportLeads(workspace.id, {});
    let text = "";
    for await (const chunk of chunks) text += chunk;
    const rows = parseCsv(text);
    expect(rows).toHaveLength(3);
    expect(text).not.toContain(erased);
  });

  it("takes with it the tags only it carried, and leaves those another lead carries", async () => {
    const { owner, workspace } = await newTenant("Erasedtags");
    const link = await createLink(workspace.id, { name: "Site" });
    const ids: string[] = [];
    for (const name of ["Ana Souza", "Bruno Lima"]) {
      const response = await post(link.token, { name, email: `${name.replace(" ", ".").toLowerCase()}@example.com` });
      ids.push(response.json!.leadId as string);
    }
    const [ana, bruno] = ids as [string, string];
    const tag = (leadId: string, tags: string[]) =>
      updateLeadWorkflow(db.current, { workspaceId: workspace.id, leadId, actorUserId: owner.id, patch: { tags } });
    await tag(ana, ["Indicação da Ana Souza", "VIP"]);
    await tag(bruno, ["vip", "Retornar"]);
    expect(await listTags(workspace.id)).toEqual(["Indicação da Ana Souza", "Retornar", "VIP"]);

    const result = await eraseLead({ workspaceId: workspace.id, leadId: ana, actor: { kind: "cli" } });
    expect(result.changed.lead_tags).toBe(1);
    expect(await listTags(workspace.id)).toEqual(["Retornar", "VIP"]);
    // Another workspace's tag of the same name is not touched.
    const other = await newTenant("Erasedother");
    const otherLink = await createLink(other.workspace.id, { name: "Site" });
    const otherLead = (await post(otherLink.token, { email: "carla@example.com" })).json!.leadId as string;
    await updateLeadWorkflow(db.current, {
      workspaceId: other.workspace.id,
      leadId: otherLead,
      actorUserId: other.owner.id,
      patch: { tags: ["Retornar"] },
    });
    await eraseLead({ workspaceId: workspace.id, leadId: bruno, actor: { kind: "cli" } });
    expect(await listTags(workspace.id)).toEqual([]);
    expect(await listTags(other.workspace.id)).toEqual(["Retornar"]);
  });

  it("is never written by a bulk action, by ids or by filter", async () => {
    const { owner, workspace, erased, kept, row } = await workspaceWithErasedLead();
    const before = await row();
    expect(before.tags).toEqual([]); // erasure empties the tags, like the notes
    const byIds = await bulkUpdateLeads(db.current, {
      workspaceId: workspace.id,
      actorUserId: owner.id,
      target: { ids: [erased, ...kept] },
      action: { kind: "addTag", tag: "again" },
    });
    expect(byIds.updated).toBe(2);
    const byFilter = await bulkUpdateLeads(db.current, {
      workspaceId: workspace.id,
      actorUserId: owner.id,
      target: { filter: {} },
      action: { kind: "status", status: "won" },
    });
    expect(byFilter.updated).toBe(2);
    const fromPage = await callAction(owner, () =>
      bulkUpdateLeadsAction(workspace.slug, { scope: "selected", ids: [erased], query: "" }, { kind: "status", value: "lost" }),
    );
    expect(fromPage).toMatchObject({ ok: true, updated: 0 });
    expect(await row()).toEqual(before);
  });

  it("counts in the dashboard's requests, not in its leads", async () => {
    const { workspace } = await workspaceWithErasedLead();
    const dashboard = await getDashboard(workspace.id, presetPeriod(30));
    expect(dashboard.totals).toMatchObject({ leads: 2, accepted: 3 });
    expect(dashboard.sources).toEqual([{ source: "google", leads: 2 }]);
    expect(dashboard.links.map((link) => link.leads)).toEqual([2]);
  });

  it("is left out of the API's list; GET answers {id, erasedAt}; PATCH is 409 lead_erased and writes nothing", async () => {
    const { workspace, erased, kept, erasedAt, row } = await workspaceWithErasedLead();
    const key = (await createApiKey(workspace.id, { name: "Sync", scope: "write" })).token;
    const list = await apiJson("/api/v1/leads", { key });
    expect(list.status).toBe(200);
    expect(list.body.data.map((lead: { id: string }) => lead.id).sort()).toEqual([...kept].sort());
    const updated = await apiJson(`/api/v1/leads?updatedAfter=2000-01-01T00:00:00Z&utmSource=google`, { key });
    expect(updated.body.data.map((lead: { id: string }) => lead.id)).not.toContain(erased);

    const get = await apiJson(`/api/v1/leads/${erased}`, { key });
    expect(get.status).toBe(200);
    expect(get.body).toEqual({ id: erased, erasedAt });

    const before = await row();
    const patch = await apiJson(`/api/v1/leads/${erased}`, { key, method: "PATCH", body: { status: "won", tags: ["x"] } });
    expect(patch.status).toBe(409);
    expect(patch.body).toMatchObject({ code: "lead_erased" });
    // A patch that would change nothing is refused too.
    const same = await apiJson(`/api/v1/leads/${erased}`, { key, method: "PATCH", body: {} });
    expect(same.status).toBe(409);
    expect(await row()).toEqual(before);
    expect((await apiJson(`/api/v1/leads/${kept[0]}`, { key })).body).toMatchObject({ id: kept[0], status: "qualified" });
  });

  it("is left out of `lead list`; `lead get` prints {id, erasedAt}", async () => {
    const { workspace, erased, kept, erasedAt } = await workspaceWithErasedLead();
    const list = await runJson("lead", "list", "--workspace", workspace.slug);
    expect(list.code, list.stderr).toBe(0);
    expect((list.body as { id: string }[]).map((lead) => lead.id).sort()).toEqual([...kept].sort());
    const get = await runJson("lead", "get", "--workspace", workspace.slug, "--id", erased);
    expect(get.code, get.stderr).toBe(0);
    expect(get.body).toEqual({ id: erased, erasedAt });
  });

  it("refuses the page's status, owner, tags and note actions (lead_erased) and keeps no note", async () => {
    const { owner, workspace, erased, row } = await workspaceWithErasedLead();
    const before = await row();
    const workflow = await callAction(owner, () =>
      updateLeadWorkflowAction(workspace.slug, erased, {}, form({ status: "won", ownerId: owner.id, tags: "Zebulon" })),
    );
    expect(workflow).toMatchObject({ ok: false, code: "lead_erased" });
    const note = await callAction(owner, () =>
      addLeadNoteAction(workspace.slug, erased, {}, form({ body: "Zebulon called back: 11 97531-8642" })),
    );
    expect(note).toMatchObject({ ok: false, code: "lead_erased" });
    expect(
      await errorCode(
        addLeadNote(db.current, { workspaceId: workspace.id, leadId: erased, authorUserId: owner.id, note: { body: "x" } }),
      ),
    ).toBe("lead_erased");
    expect(await db.current.prisma.leadNote.count({ where: { leadId: erased } })).toBe(0);
    expect(await row()).toEqual(before);
    // Another workspace's member is still told "not found", erased or not.
    const other = await newTenant("Other");
    expect(
      await errorCode(
        updateLeadWorkflow(db.current, {
          workspaceId: other.workspace.id,
          leadId: erased,
          actorUserId: null,
          patch: { status: "won" },
        }),
      ),
    ).toBe("lead_not_found");
  });
});

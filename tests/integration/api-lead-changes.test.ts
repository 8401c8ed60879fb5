// DESIGN.md sections 8–10: PATCH /api/v1/leads/{id} (status, owner, tags) and DELETE /api/v1/leads/{id}
// (erasure) through the real route handlers, scoped to the key's workspace.
import { describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { createLink } from "@/lib/links/create-link";
import { api, apiJson } from "../support/api-client";
import { useTestDatabase } from "../support/database";
import { post } from "../support/ingest-client";
import { expectProblem, uniqueEmail } from "../support/ingest-helpers";
import { newMember, newTenant } from "../support/tenants";

const db = useTestDatabase();

async function tenant(name: string) {
  const { workspace, owner } = await newTenant(name);
  const write = (await createApiKey(workspace.id, { name: "Sync", scope: "write" })).token;
  const read = (await createApiKey(workspace.id, { name: "Reader", scope: "read" })).token;
  const link = await createLink(workspace.id, { name: `${name} page` });
  const email = uniqueEmail();
  const created = await post(link.token, { name: `${name} Person`, email, telephone: "11987654321" });
  expect(created.status).toBe(201);
  return { workspace, owner, write, read, email, leadId: created.json!.leadId as string };
}

describe("PATCH /api/v1/leads/{id}", () => {
  it("sets status, owner and tags, answers the lead, and bumps updatedAt only when something changed", async () => {
    const a = await tenant("Alpha");
    const member = await newMember(a.workspace.id, "member");
    const before = await apiJson(`/api/v1/leads/${a.leadId}`, { key: a.read });
    const changed = await apiJson(`/api/v1/leads/${a.leadId}`, {
      key: a.write,
      method: "PATCH",
      body: { status: "qualified", ownerId: member.id, tags: ["vip", " hot  lead "] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      id: a.leadId,
      status: "qualified",
      owner: { id: member.id, email: member.email },
      tags: ["vip", "hot lead"],
    });
    expect(Date.parse(changed.body.updatedAt)).toBeGreaterThan(Date.parse(before.body.updatedAt));

    const same = await apiJson(`/api/v1/leads/${a.leadId}`, { key: a.write, method: "PATCH", body: { status: "qualified" } });
    expect(same.status).toBe(200);
    expect(same.body.updatedAt).toBe(changed.body.updatedAt);

    const unassigned = await apiJson(`/api/v1/leads/${a.leadId}`, { key: a.write, method: "PATCH", body: { ownerId: null } });
    expect(unassigned.body.owner).toBeNull();
    const listed = await apiJson(`/api/v1/leads?updatedAfter=${encodeURIComponent(before.body.updatedAt)}`, { key: a.read });
    expect(listed.body.data.map((lead: { id: string }) => lead.id)).toEqual([a.leadId]);
  });

  it("refuses bad values, a read key, another workspace's lead and another workspace's member", async () => {
    const a = await tenant("Alpha");
    const b = await tenant("Beta");
    const bad = await expectProblem(
      await api(`/api/v1/leads/${a.leadId}`, { key: a.write, method: "PATCH", body: { status: "maybe" } }),
      422,
      "validation_failed",
    );
    expect(bad.errors.map((issue: { field: string }) => issue.field)).toEqual(["status"]);
    await expectProblem(
      await api(`/api/v1/leads/${a.leadId}`, { key: a.read, method: "PATCH", body: { status: "won" } }),
      403,
      "forbidden",
    );
    await expectProblem(
      await api(`/api/v1/leads/${a.leadId}`, { key: b.write, method: "PATCH", body: { status: "won" } }),
      404,
      "lead_not_found",
    );
    await expectProblem(
      await api(`/api/v1/leads/${a.leadId}`, { key: a.write, method: "PATCH", body: { ownerId: b.owner.id } }),
      404,
      "member_not_found",
    );
    const lead = await db.current.prisma.lead.findUniqueOrThrow({ where: { id: a.leadId } });
    expect(lead.status).toBe("new");
    expect(lead.ownerId).toBeNull();
  });
});

describe("DELETE /api/v1/leads/{id}", () => {
  it("erases the lead (204, again 204), leaves its row anonymous, and is scoped to the key's workspace", async () => {
    const a = await tenant("Alpha");
    const b = await tenant("Beta");
    await expectProblem(await api(`/api/v1/leads/${a.leadId}`, { key: b.write, method: "DELETE" }), 404, "lead_not_found");
    await expectProblem(await api(`/api/v1/leads/${a.leadId}`, { key: a.read, method: "DELETE" }), 403, "forbidden");

    const erased = await api(`/api/v1/leads/${a.leadId}`, { key: a.write, method: "DELETE" });
    expect(erased.status).toBe(204);
    expect(await erased.text()).toBe("");
    expect((await api(`/api/v1/leads/${a.leadId}`, { key: a.write, method: "DELETE" })).status).toBe(204);

    const row = await db.current.prisma.lead.findUniqueOrThrow({ where: { id: a.leadId } });
    expect(row).toMatchObject({ email: null, name: null, phone: null });
    expect(row.erasedAt).not.toBeNull();
    const submissions = await db.current.prisma.submission.findMany({ where: { leadId: a.leadId } });
    expect(submissions).toHaveLength(1);
    expect(JSON.stringify(submissions)).not.toContain(a.email);
    const audit = await db.current.prisma.auditEntry.findMany({ where: { workspaceId: a.workspace.id, action: "lead.erased" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorKind: "api_key", targetId: a.leadId });

    // The other workspace's lead is untouched.
    const other = await db.current.prisma.lead.findUniqueOrThrow({ where: { id: b.leadId } });
    expect(other.email).toBe(b.email);
  });
});

// Issue 24 (owner 7): GET /api/v1/members lists who can own a lead, and PATCH /api/v1/leads/{id} names the owner
// by email (a member's, in any case), each scoped to the key's workspace.
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
  const created = await post(link.token, { name: `${name} Person`, email: uniqueEmail() });
  expect(created.status).toBe(201);
  return { workspace, owner, write, read, leadId: created.json!.leadId as string };
}

const patch = (leadId: string, key: string, body: unknown) => apiJson(`/api/v1/leads/${leadId}`, { key, method: "PATCH", body });

describe("GET /api/v1/members", () => {
  it("lists the key's workspace's members as id, email, name and role, with a read key", async () => {
    const a = await tenant("Alpha");
    const b = await tenant("Beta");
    const member = await newMember(a.workspace.id, "member");
    const { status, body } = await apiJson("/api/v1/members", { key: a.read });
    expect(status).toBe(200);
    expect(body).toEqual({
      data: [
        { id: a.owner.id, email: a.owner.email, name: a.owner.name, role: "owner" },
        { id: member.id, email: member.email, name: member.name, role: "member" },
      ],
    });
    expect(JSON.stringify(body)).not.toContain(b.owner.email);
    await expectProblem(await api("/api/v1/members"), 401, "unauthorized");
    await expectProblem(await api("/api/v1/members", { key: a.read, method: "POST", body: {} }), 405, "method_not_allowed");
  });
});

describe("PATCH /api/v1/leads/{id} with ownerEmail", () => {
  it("assigns the member with that email in any case, and null unassigns", async () => {
    const a = await tenant("Alpha");
    const member = await newMember(a.workspace.id, "member");
    const assigned = await patch(a.leadId, a.write, { ownerEmail: `  ${member.email.toUpperCase()} ` });
    expect(assigned.status).toBe(200);
    expect(assigned.body.owner).toEqual({ id: member.id, email: member.email, name: member.name });
    expect((await db.current.prisma.lead.findUniqueOrThrow({ where: { id: a.leadId } })).ownerId).toBe(member.id);

    const cleared = await patch(a.leadId, a.write, { ownerEmail: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.owner).toBeNull();
  });

  it("refuses an email no member here has (another workspace's member included), and both ownerId and ownerEmail", async () => {
    const a = await tenant("Alpha");
    const b = await tenant("Beta");
    const member = await newMember(a.workspace.id, "member");
    for (const ownerEmail of [b.owner.email, "nobody@example.com"]) {
      const refused = await expectProblem(
        await api(`/api/v1/leads/${a.leadId}`, { key: a.write, method: "PATCH", body: { ownerEmail, status: "won" } }),
        422,
        "validation_failed",
      );
      expect(refused.errors).toEqual([expect.objectContaining({ field: "ownerEmail", code: "member_not_found" })]);
    }
    const malformed = await expectProblem(
      await api(`/api/v1/leads/${a.leadId}`, { key: a.write, method: "PATCH", body: { ownerEmail: "not an email" } }),
      422,
      "validation_failed",
    );
    expect(malformed.errors.map((issue: { field: string }) => issue.field)).toEqual(["ownerEmail"]);
    const both = await expectProblem(
      await api(`/api/v1/leads/${a.leadId}`, {
        key: a.write,
        method: "PATCH",
        body: { ownerId: member.id, ownerEmail: member.email },
      }),
      422,
      "validation_failed",
    );
    expect(both.errors).toEqual([expect.objectContaining({ field: "ownerEmail" })]);
    const lead = await db.current.prisma.lead.findUniqueOrThrow({ where: { id: a.leadId } });
    expect(lead).toMatchObject({ ownerId: null, status: "new" });
    await expectProblem(
      await api(`/api/v1/leads/${a.leadId}`, { key: a.read, method: "PATCH", body: { ownerEmail: member.email } }),
      403,
      "forbidden",
    );
  });
});

// Issue 24 (security 2): a key acts with its maker's current rights at most. Removing the maker revokes their
// keys of that workspace (401); demoting them to member suspends their write keys for admin-only operations
// (403) until they are an admin again; keys made on the command line keep their scope.
import { describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { createLink } from "@/lib/links/create-link";
import { changeMemberRole } from "@/lib/workspaces/change-member-role";
import { removeMember } from "@/lib/workspaces/remove-member";
import { api } from "../support/api-client";
import { useTestDatabase } from "../support/database";
import { post } from "../support/ingest-client";
import { expectProblem, uniqueEmail } from "../support/ingest-helpers";
import { newMember, newTenant } from "../support/tenants";

const db = useTestDatabase();

async function tenantWithAdminKey(name: string) {
  const { workspace, owner } = await newTenant(name);
  const admin = await newMember(workspace.id, "admin");
  const key = await createApiKey(workspace.id, { name: "Admin's sync", scope: "write" }, { createdById: admin.id });
  const link = await createLink(workspace.id, { name: `${name} page` });
  return { workspace, owner, admin, key, link };
}

async function newLead(linkToken: string): Promise<string> {
  const created = await post(linkToken, { name: "Person", email: uniqueEmail() });
  expect(created.status).toBe(201);
  return created.json!.leadId as string;
}

const erase = (leadId: string, key: string) => api(`/api/v1/leads/${leadId}`, { key, method: "DELETE" });

describe("an API key whose maker is removed", () => {
  it("is revoked with the membership, in the same transaction: 401 on read and on erase", async () => {
    const { workspace, owner, admin, key, link } = await tenantWithAdminKey("Removed");
    const other = await tenantWithAdminKey("Elsewhere");
    // The same person's key in another workspace is not theirs to lose here.
    const elsewhere = await createApiKey(other.workspace.id, { name: "Theirs", scope: "read" }, { createdById: other.admin.id });
    const leadId = await newLead(link.token);
    expect((await api("/api/v1/leads", { key: key.token })).status).toBe(200);

    await removeMember(workspace.id, owner.id, admin.id);

    await expectProblem(await api("/api/v1/leads", { key: key.token }), 401, "unauthorized");
    await expectProblem(await api(`/api/v1/leads/${leadId}`, { key: key.token }), 401, "unauthorized");
    await expectProblem(await erase(leadId, key.token), 401, "unauthorized");
    const [listed] = await listApiKeys(workspace.id);
    expect(listed).toMatchObject({ id: key.id, state: "revoked", revokedAt: expect.any(Date) });
    expect((await api("/api/v1/leads", { key: elsewhere.token })).status).toBe(200);
  });

  it("is refused when the maker is no longer a member by any other path (no revocation recorded)", async () => {
    const { workspace, admin, key } = await tenantWithAdminKey("Gone");
    // As a membership deleted outside removeMember (or before keys were revoked with it) would leave it.
    await db.current.prisma.membership.deleteMany({ where: { workspaceId: workspace.id, userId: admin.id } });
    await expectProblem(await api("/api/v1/leads", { key: key.token }), 401, "unauthorized");
    const [listed] = await listApiKeys(workspace.id);
    expect(listed).toMatchObject({ state: "revoked", revokedAt: null, createdBy: { email: admin.email, left: true } });
  });
});

describe("an API key whose maker is demoted to member", () => {
  it("is suspended for admin-only operations, keeps the lead changes members make, and recovers on promotion", async () => {
    const { workspace, owner, admin, key, link } = await tenantWithAdminKey("Demoted");
    const leadId = await newLead(link.token);

    await changeMemberRole(workspace.id, owner.id, admin.id, { role: "member" });

    expect((await api(`/api/v1/leads/${leadId}`, { key: key.token })).status).toBe(200);
    const patched = await api(`/api/v1/leads/${leadId}`, { key: key.token, method: "PATCH", body: { status: "contacted" } });
    expect(patched.status).toBe(200);
    const refused = await expectProblem(await erase(leadId, key.token), 403, "forbidden");
    expect(refused.detail).toMatch(/suspended/);
    await expectProblem(
      await api("/api/v1/links", { key: key.token, method: "POST", body: { name: "Not yours" } }),
      403,
      "forbidden",
    );
    await expectProblem(await api(`/api/v1/links/${link.id}/revoke`, { key: key.token, method: "POST" }), 403, "forbidden");
    await expectProblem(
      await api("/api/v1/fields", { key: key.token, method: "POST", body: { name: "company", label: "Company" } }),
      403,
      "forbidden",
    );
    await expectProblem(
      await api("/api/v1/webhooks", { key: key.token, method: "POST", body: { url: "https://example.com/hook" } }),
      403,
      "forbidden",
    );
    expect((await api(`/api/v1/leads/${leadId}`, { key: key.token })).status).toBe(200);
    const [listed] = await listApiKeys(workspace.id);
    expect(listed).toMatchObject({ id: key.id, state: "suspended", revokedAt: null });

    await changeMemberRole(workspace.id, owner.id, admin.id, { role: "admin" });

    expect((await listApiKeys(workspace.id))[0]!.state).toBe("active");
    expect((await erase(leadId, key.token)).status).toBe(204);
  });

  it("a read key stays a read key; a key made on the command line keeps its scope", async () => {
    const { workspace, owner, admin, link } = await tenantWithAdminKey("Scopes");
    const read = await createApiKey(workspace.id, { name: "Reader" }, { createdById: admin.id });
    const cli = await createApiKey(workspace.id, { name: "CLI", scope: "write" });
    await changeMemberRole(workspace.id, owner.id, admin.id, { role: "member" });
    const leadId = await newLead(link.token);

    expect((await api("/api/v1/leads", { key: read.token })).status).toBe(200);
    const readOnly = await expectProblem(
      await api(`/api/v1/leads/${leadId}`, { key: read.token, method: "PATCH", body: { status: "won" } }),
      403,
      "forbidden",
    );
    expect(readOnly.detail).toMatch(/read-only/);
    const states = Object.fromEntries((await listApiKeys(workspace.id)).map((key) => [key.name, key.state]));
    expect(states).toMatchObject({ Reader: "active", CLI: "active", "Admin's sync": "suspended" });
    expect((await erase(leadId, cli.token)).status).toBe(204);
  });
});

describe("an API key whose maker's account is deleted", () => {
  it("is revoked, rather than passing for a key made on the command line", async () => {
    const { workspace, admin, key } = await tenantWithAdminKey("Deleted");
    await db.current.prisma.user.delete({ where: { id: admin.id } });
    await expectProblem(await api("/api/v1/leads", { key: key.token }), 401, "unauthorized");
    const [listed] = await listApiKeys(workspace.id);
    expect(listed).toMatchObject({ state: "revoked", revokedAt: expect.any(Date), createdBy: null });
  });
});

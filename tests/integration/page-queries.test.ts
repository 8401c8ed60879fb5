import { describe, expect, it } from "vitest";
import { findWorkspaceAccess, renderedMemberships } from "@/lib/auth/session";
import { createLink } from "@/lib/links/create-link";
import { listLinkChoices, listLinks } from "@/lib/links/list-links";
import { revokeLink } from "@/lib/links/revoke-link";
import { addMember } from "@/lib/workspaces/add-member";
import { createWorkspace } from "@/lib/workspaces/create-workspace";
import { useTestDatabase } from "../support/database";
import { newTenant, newUser, unique } from "../support/tenants";

// The admin pages' lighter lookups (docs/benchmarks.md, "branch pages2") answer what the fuller ones did.
useTestDatabase();

describe("the leads page's links", () => {
  it("are listLinks' links in its order, with their name, status and token, and only the workspace's", async () => {
    const a = await newTenant("Choices");
    const b = await newTenant("Other");
    const first = await createLink(a.workspace.id, { name: "First" });
    const second = await createLink(a.workspace.id, { name: "Second" });
    await revokeLink(a.workspace.id, first.id);
    await createLink(b.workspace.id, { name: "Elsewhere" });

    const full = await listLinks(a.workspace.id);
    const choices = await listLinkChoices(a.workspace.id);
    expect(choices).toEqual(full.map(({ id, name, status, token }) => ({ id, name, status, token })));
    expect(choices.map((link) => [link.name, link.status])).toEqual([
      ["Second", "active"],
      ["First", "revoked"],
    ]);
    expect(choices[0]!.token).toBe(second.token);
    expect(await listLinkChoices((await newTenant("Empty")).workspace.id)).toEqual([]);
  });
});

describe("a user's memberships", () => {
  it("list every workspace of the user by name with their role, and findWorkspaceAccess finds each", async () => {
    const { owner, workspace } = await newTenant("Zeta");
    const other = await newTenant("Alpha");
    await addMember(other.workspace.id, { email: owner.email, role: "admin" });
    const third = await createWorkspace({ name: "Mid", slug: unique("mid") }, { ownerEmail: (await newUser()).email });

    const memberships = await renderedMemberships(owner.id);
    expect(memberships).toEqual([
      {
        role: "admin",
        workspace: { id: other.workspace.id, name: "Alpha", slug: other.workspace.slug, country: other.workspace.country },
      },
      { role: "owner", workspace: { id: workspace.id, name: "Zeta", slug: workspace.slug, country: workspace.country } },
    ]);
    for (const membership of memberships) {
      expect(await findWorkspaceAccess(owner.id, membership.workspace.slug)).toEqual(membership);
    }
    expect(await findWorkspaceAccess(owner.id, third.slug)).toBeNull();
    expect(await findWorkspaceAccess(owner.id, "no-such-workspace")).toBeNull();
    expect(await renderedMemberships((await newUser()).id)).toEqual([]);
  });
});

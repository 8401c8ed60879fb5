import { describe, expect, it } from "vitest";
import { findWorkspaceAccess, renderedMemberships } from "@/lib/auth/session";
import { canonicalTags, listTags } from "@/lib/leads/lead-tags";
import { createLink } from "@/lib/links/create-link";
import { listLinkChoices, listLinks } from "@/lib/links/list-links";
import { revokeLink } from "@/lib/links/revoke-link";
import { addMember } from "@/lib/workspaces/add-member";
import { createWorkspace } from "@/lib/workspaces/create-workspace";
import { listFilterChoices } from "@/lib/workspaces/list-filter-choices";
import { listMembers } from "@/lib/workspaces/list-members";
import { useTestDatabase } from "../support/database";
import { newTenant, newUser, unique } from "../support/tenants";

// The admin pages' lighter lookups (docs/benchmarks-log.md, "branch pages2") answer what the fuller ones did.
const db = useTestDatabase();

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

describe("the leads page's links, members and tags in one statement", () => {
  it("are what listLinkChoices, listMembers and listTags answer, in their order, and only the workspace's", async () => {
    const a = await newTenant("Filters");
    const b = await newTenant("Elsewhere");
    const first = await createLink(a.workspace.id, { name: "First" });
    await createLink(a.workspace.id, { name: "Second" });
    await revokeLink(a.workspace.id, first.id);
    await createLink(b.workspace.id, { name: "Not this one" });
    await addMember(a.workspace.id, { email: (await newUser("zed")).email, role: "member" });
    await addMember(a.workspace.id, { email: (await newUser("amy")).email, role: "admin" });
    await addMember(a.workspace.id, { email: (await newUser("bob")).email, role: "member" });
    await addMember(b.workspace.id, { email: (await newUser("other")).email, role: "admin" });
    await canonicalTags(db.current, a.workspace.id, ["vip", "Zebra", "alpha", "Ägypten"]);
    await canonicalTags(db.current, b.workspace.id, ["theirs"]);

    const choices = await listFilterChoices(a.workspace.id);
    expect(choices.links).toEqual(await listLinkChoices(a.workspace.id));
    expect(choices.members).toEqual((await listMembers(a.workspace.id)).map(({ joinedAt: _, ...member }) => member));
    expect(choices.members.map((member) => member.role)).toEqual(["owner", "admin", "member", "member"]);
    expect(choices.tags).toEqual(await listTags(a.workspace.id));
    expect(choices.tags).toHaveLength(4);
    expect(await listFilterChoices((await newTenant("Empty")).workspace.id)).toMatchObject({ links: [], tags: [] });
  });
});

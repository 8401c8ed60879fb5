// Issue 3 (admin UI), members: listing, adding an existing account or a new one, changing roles and
// removing members, as an acting user whose role is read under a lock: owners and admins manage members,
// only owners make or unmake owners, the last owner stays. Tenancy across two workspaces.
import { describe, expect, it } from "vitest";
import { authenticate } from "@/lib/auth/auth-options";
import { findWorkspaceAccess } from "@/lib/auth/session";
import { addWorkspaceMember } from "@/lib/workspaces/add-workspace-member";
import { changeMemberRole } from "@/lib/workspaces/change-member-role";
import { listMembers } from "@/lib/workspaces/list-members";
import { removeMember } from "@/lib/workspaces/remove-member";
import { useTestDatabase } from "../support/database";
import { errorCode, fieldErrors, newMember, newTenant, newUser, unique } from "../support/tenants";

const db = useTestDatabase();

async function roleOf(workspaceId: string, userId: string) {
  const membership = await db.current.prisma.membership.findUnique({ where: { workspaceId_userId: { workspaceId, userId } } });
  return membership?.role ?? null;
}

describe("listing", () => {
  it("lists owners, then admins, then members, each with their account", async () => {
    const { owner, workspace } = await newTenant();
    const member = await newMember(workspace.id, "member");
    const admin = await newMember(workspace.id, "admin");
    const members = await listMembers(workspace.id);
    expect(members.map((item) => [item.userId, item.role])).toEqual([
      [owner.id, "owner"],
      [admin.id, "admin"],
      [member.id, "member"],
    ]);
    expect(members[0]).toMatchObject({ email: owner.email, name: "owner" });
    expect(members[0]!.joinedAt).toBeInstanceOf(Date);
  });
});

describe("adding", () => {
  it("adds an existing account by email, or creates an account that can sign in", async () => {
    const { owner, workspace } = await newTenant();
    const existing = await newUser("existing");
    const added = await addWorkspaceMember(workspace.id, owner.id, {
      account: "existing",
      email: existing.email.toUpperCase(),
      role: "admin",
    });
    expect(added).toMatchObject({ userId: existing.id, role: "admin" });

    const email = `${unique("new")}@example.com`;
    const created = await addWorkspaceMember(workspace.id, owner.id, {
      account: "new",
      email,
      password: "a long password",
      name: "Nina",
      role: "member",
    });
    expect(await roleOf(workspace.id, created.userId)).toBe("member");
    expect(await authenticate({ email, password: "a long password" })).toMatchObject({ id: created.userId, name: "Nina" });
  });

  it("refuses unknown emails, taken emails and short passwords, leaving no account behind", async () => {
    const { owner, workspace } = await newTenant();
    const taken = await newUser("taken");
    expect(
      await errorCode(addWorkspaceMember(workspace.id, owner.id, { account: "existing", email: "nobody@example.com" })),
    ).toBe("user_not_found");
    expect(
      await errorCode(
        addWorkspaceMember(workspace.id, owner.id, { account: "new", email: taken.email, password: "quiet-otter-41" }),
      ),
    ).toBe("email_taken");
    expect(
      await fieldErrors(addWorkspaceMember(workspace.id, owner.id, { account: "new", email: "x@", password: "short" })),
    ).toEqual({
      email: "invalid_format",
      password: "too_small",
    });
    expect(await roleOf(workspace.id, taken.id)).toBeNull();
    await addWorkspaceMember(workspace.id, owner.id, { account: "existing", email: taken.email });
    expect(await errorCode(addWorkspaceMember(workspace.id, owner.id, { account: "existing", email: taken.email }))).toBe(
      "already_member",
    );
  });

  it("lets admins add admins and members but not owners; members add no one", async () => {
    const { workspace } = await newTenant();
    const admin = await newMember(workspace.id, "admin");
    const member = await newMember(workspace.id, "member");
    const someone = await newUser("someone");
    expect(
      await errorCode(addWorkspaceMember(workspace.id, admin.id, { account: "existing", email: someone.email, role: "owner" })),
    ).toBe("forbidden");
    expect(await errorCode(addWorkspaceMember(workspace.id, member.id, { account: "existing", email: someone.email }))).toBe(
      "forbidden",
    );
    const email = `${unique("never")}@example.com`;
    expect(
      await errorCode(addWorkspaceMember(workspace.id, member.id, { account: "new", email, password: "quiet-otter-41" })),
    ).toBe("forbidden");
    expect(await db.current.prisma.user.count({ where: { email } })).toBe(0);
    await addWorkspaceMember(workspace.id, admin.id, { account: "existing", email: someone.email, role: "admin" });
    expect(await roleOf(workspace.id, someone.id)).toBe("admin");
  });
});

describe("changing roles", () => {
  it("lets admins move people between admin and member, and only owners make or unmake owners", async () => {
    const { owner, workspace } = await newTenant();
    const admin = await newMember(workspace.id, "admin");
    const member = await newMember(workspace.id, "member");
    const plain = await newMember(workspace.id, "member");

    await changeMemberRole(workspace.id, admin.id, member.id, { role: "admin" });
    expect(await roleOf(workspace.id, member.id)).toBe("admin");
    expect(await errorCode(changeMemberRole(workspace.id, admin.id, member.id, { role: "owner" }))).toBe("forbidden");
    expect(await errorCode(changeMemberRole(workspace.id, admin.id, owner.id, { role: "admin" }))).toBe("forbidden");
    expect(await errorCode(changeMemberRole(workspace.id, plain.id, admin.id, { role: "member" }))).toBe("forbidden");
    expect(await fieldErrors(changeMemberRole(workspace.id, owner.id, member.id, { role: "boss" as "admin" }))).toEqual({
      role: "invalid_value",
    });

    await changeMemberRole(workspace.id, owner.id, member.id, { role: "owner" });
    expect(await roleOf(workspace.id, member.id)).toBe("owner");
    await changeMemberRole(workspace.id, owner.id, member.id, { role: "member" });
    expect(await roleOf(workspace.id, member.id)).toBe("member");
  });

  it("never demotes the last owner, who may step down once there is another", async () => {
    const { owner, workspace } = await newTenant();
    expect(await errorCode(changeMemberRole(workspace.id, owner.id, owner.id, { role: "admin" }))).toBe("last_owner");
    const second = await newMember(workspace.id, "owner");
    await changeMemberRole(workspace.id, owner.id, owner.id, { role: "admin" });
    expect(await roleOf(workspace.id, owner.id)).toBe("admin");
    // The former owner is an admin now, and acts as one.
    expect(await errorCode(changeMemberRole(workspace.id, owner.id, second.id, { role: "admin" }))).toBe("forbidden");
    expect(await errorCode(changeMemberRole(workspace.id, second.id, second.id, { role: "member" }))).toBe("last_owner");
  });

  it("leaves exactly one owner when two owners demote each other at the same time", async () => {
    for (let round = 0; round < 3; round++) {
      const { owner, workspace } = await newTenant();
      const other = await newMember(workspace.id, "owner");
      const results = await Promise.allSettled([
        changeMemberRole(workspace.id, owner.id, other.id, { role: "member" }),
        changeMemberRole(workspace.id, other.id, owner.id, { role: "member" }),
      ]);
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      const rejected = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
      expect(["forbidden", "last_owner"]).toContain((rejected.reason as { code: string }).code);
      expect(await db.current.prisma.membership.count({ where: { workspaceId: workspace.id, role: "owner" } })).toBe(1);
    }
  });
});

describe("removing", () => {
  it("removes members (their account stays), only owners remove owners, and the last owner stays", async () => {
    const { owner, workspace } = await newTenant();
    const admin = await newMember(workspace.id, "admin");
    const member = await newMember(workspace.id, "member");

    await removeMember(workspace.id, admin.id, member.id);
    expect(await roleOf(workspace.id, member.id)).toBeNull();
    expect(await findWorkspaceAccess(member.id, workspace.slug)).toBeNull();
    expect(await db.current.prisma.user.count({ where: { id: member.id } })).toBe(1);
    expect(await errorCode(removeMember(workspace.id, admin.id, member.id))).toBe("member_not_found");

    expect(await errorCode(removeMember(workspace.id, admin.id, owner.id))).toBe("forbidden");
    expect(await errorCode(removeMember(workspace.id, owner.id, owner.id))).toBe("last_owner");
    const second = await newMember(workspace.id, "owner");
    await removeMember(workspace.id, second.id, owner.id);
    expect(await roleOf(workspace.id, owner.id)).toBeNull();
    expect(await errorCode(removeMember(workspace.id, second.id, second.id))).toBe("last_owner");
    // An admin may leave.
    await removeMember(workspace.id, admin.id, admin.id);
    expect(await roleOf(workspace.id, admin.id)).toBeNull();
  });
});

describe("tenancy", () => {
  it("a user of workspace B cannot list, add, change or remove workspace A's members", async () => {
    const a = await newTenant("Alpha");
    const b = await newTenant("Beta");
    const aMember = await newMember(a.workspace.id, "member");
    const outsider = await newUser("outsider");

    expect(await findWorkspaceAccess(b.owner.id, a.workspace.slug)).toBeNull();
    expect((await listMembers(b.workspace.id)).map((item) => item.userId)).toEqual([b.owner.id]);
    expect(
      await errorCode(
        addWorkspaceMember(a.workspace.id, b.owner.id, { account: "existing", email: outsider.email, role: "owner" }),
      ),
    ).toBe("not_found");
    expect(await errorCode(changeMemberRole(a.workspace.id, b.owner.id, aMember.id, { role: "owner" }))).toBe("not_found");
    expect(await errorCode(removeMember(a.workspace.id, b.owner.id, a.owner.id))).toBe("not_found");
    // Through B's own workspace, A's people are not members.
    expect(await errorCode(changeMemberRole(b.workspace.id, b.owner.id, aMember.id, { role: "admin" }))).toBe("member_not_found");
    expect(await errorCode(removeMember(b.workspace.id, b.owner.id, a.owner.id))).toBe("member_not_found");
    expect(await errorCode(removeMember(b.workspace.id, b.owner.id, "not-a-uuid"))).toBe("member_not_found");

    expect((await listMembers(a.workspace.id)).map((item) => [item.userId, item.role])).toEqual([
      [a.owner.id, "owner"],
      [aMember.id, "member"],
    ]);
    expect(await roleOf(a.workspace.id, outsider.id)).toBeNull();
  });
});

// New-user 11 (account basics): changing one's own password, owners and admins resetting a member's
// password, and creating a workspace, with the roles and tenancy each implies; and security 3's part of it:
// a change keeps the session that made it and ends the others, a reset ends all of the member's sessions.
import { describe, expect, it } from "vitest";
import { authenticate } from "@/lib/auth/auth-options";
import { changePassword } from "@/lib/auth/change-password";
import { findWorkspaceAccess } from "@/lib/auth/session";
import { readSession, startSession } from "@/lib/auth/sessions";
import { addMember } from "@/lib/workspaces/add-member";
import { createWorkspace } from "@/lib/workspaces/create-workspace";
import { listUserWorkspaces } from "@/lib/workspaces/list-user-workspaces";
import { resetMemberPassword } from "@/lib/workspaces/reset-member-password";
import { useTestDatabase } from "../support/database";
import { errorCode, fieldErrors, newMember, newTenant, newUser, unique } from "../support/tenants";

useTestDatabase();

const signsIn = async (email: string, password: string) => (await authenticate({ email, password })) !== null;

describe("changing one's own password", () => {
  it("needs the current password, keeps this session and ends the others", async () => {
    const user = await newUser("changer");
    const here = await startSession(user.id);
    const elsewhere = await startSession(user.id);
    expect(await changePassword(user.id, here, { currentPassword: "quiet-otter-41", newPassword: "a new password" })).toEqual({
      sessionsEnded: 1,
    });
    expect(await readSession(here)).toMatchObject({ id: user.id });
    expect(await readSession(elsewhere)).toBeNull();
    expect(await signsIn(user.email, "a new password")).toBe(true);
    expect(await signsIn(user.email, "quiet-otter-41")).toBe(false);
  });

  it("refuses a wrong current password or a short new one, changing nothing", async () => {
    const user = await newUser("careful");
    const here = await startSession(user.id);
    const elsewhere = await startSession(user.id);
    expect(
      await fieldErrors(changePassword(user.id, here, { currentPassword: "wrong one", newPassword: "a new password" })),
    ).toEqual({
      currentPassword: "wrong_password",
    });
    expect(await fieldErrors(changePassword(user.id, here, { currentPassword: "quiet-otter-41", newPassword: "short" }))).toEqual(
      {
        newPassword: "too_small",
      },
    );
    expect(await signsIn(user.email, "quiet-otter-41")).toBe(true);
    expect(await readSession(elsewhere)).toMatchObject({ id: user.id });
  });

  it("counts wrong current passwords as failed sign-ins, so a borrowed session cannot guess the password", async () => {
    const user = await newUser("guessed");
    const here = await startSession(user.id);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect(
        await errorCode(changePassword(user.id, here, { currentPassword: `guess ${attempt}`, newPassword: "a new password" })),
      ).toBe("wrong_password");
    }
    expect(
      await errorCode(changePassword(user.id, here, { currentPassword: "quiet-otter-41", newPassword: "a new password" })),
    ).toBe("too_many_attempts");
  });
});

describe("resetting a member's password", () => {
  it("lets owners and admins reset members' and admins' passwords, ending all their sessions", async () => {
    const { owner, workspace } = await newTenant();
    const admin = await newMember(workspace.id, "admin");
    const member = await newMember(workspace.id, "member");
    const memberSession = await startSession(member.id);

    expect(await resetMemberPassword(workspace.id, admin.id, member.id, { password: "reset by admin" })).toEqual({
      sessionsEnded: 1,
    });
    expect(await readSession(memberSession)).toBeNull();
    expect(await signsIn(member.email, "reset by admin")).toBe(true);
    expect(await signsIn(member.email, "quiet-otter-41")).toBe(false);

    await resetMemberPassword(workspace.id, owner.id, admin.id, { password: "reset by owner" });
    expect(await signsIn(admin.email, "reset by owner")).toBe(true);
    const otherAdmin = await newMember(workspace.id, "admin");
    await resetMemberPassword(workspace.id, admin.id, otherAdmin.id, { password: "admin for admin" });
    expect(await signsIn(otherAdmin.email, "admin for admin")).toBe(true);
  });

  it("refuses members, admins resetting an owner, anyone resetting themselves, and short passwords", async () => {
    const { owner, workspace } = await newTenant();
    const admin = await newMember(workspace.id, "admin");
    const member = await newMember(workspace.id, "member");
    const another = await newMember(workspace.id, "member");
    const ownerSession = await startSession(owner.id);

    expect(await errorCode(resetMemberPassword(workspace.id, member.id, another.id, { password: "by a member" }))).toBe(
      "forbidden",
    );
    expect(await errorCode(resetMemberPassword(workspace.id, admin.id, owner.id, { password: "by an admin" }))).toBe("forbidden");
    expect(await errorCode(resetMemberPassword(workspace.id, owner.id, owner.id, { password: "by myself" }))).toBe("forbidden");
    expect(await fieldErrors(resetMemberPassword(workspace.id, owner.id, member.id, { password: "short" }))).toEqual({
      password: "too_small",
    });
    expect(await signsIn(owner.email, "quiet-otter-41")).toBe(true);
    expect(await signsIn(another.email, "quiet-otter-41")).toBe(true);
    expect(await readSession(ownerSession)).toMatchObject({ id: owner.id });

    const second = await newMember(workspace.id, "owner");
    await resetMemberPassword(workspace.id, owner.id, second.id, { password: "owner for owner" });
    expect(await signsIn(second.email, "owner for owner")).toBe(true);
  });

  it("never reaches across workspaces: not another workspace's people, nor a member who owns a workspace elsewhere", async () => {
    const a = await newTenant("Alpha");
    const b = await newTenant("Beta");
    const bMember = await newMember(b.workspace.id, "member");
    // Through A, B's people are not members; through B, A's owner acts as no one.
    expect(await errorCode(resetMemberPassword(a.workspace.id, a.owner.id, bMember.id, { password: "cross tenant" }))).toBe(
      "member_not_found",
    );
    expect(await errorCode(resetMemberPassword(b.workspace.id, a.owner.id, bMember.id, { password: "cross tenant" }))).toBe(
      "not_found",
    );
    expect(await errorCode(resetMemberPassword(a.workspace.id, a.owner.id, "not-a-uuid", { password: "cross tenant" }))).toBe(
      "member_not_found",
    );

    // B's owner joins A as a member: A's owner must not take over B through a password reset.
    await newMemberByEmail(a.workspace.id, b.owner.email);
    expect(await errorCode(resetMemberPassword(a.workspace.id, a.owner.id, b.owner.id, { password: "take over" }))).toBe(
      "forbidden",
    );
    expect(await signsIn(b.owner.email, "quiet-otter-41")).toBe(true);
    expect(await signsIn(bMember.email, "quiet-otter-41")).toBe(true);

    // Someone A's owner manages everywhere (here, and as a member of a workspace A's owner also owns) may be reset.
    const shared = await newMember(a.workspace.id, "member");
    const c = await createWorkspace({ name: "Gamma", slug: unique("gamma") }, { ownerEmail: a.owner.email });
    await newMemberByEmail(c.id, shared.email);
    await resetMemberPassword(a.workspace.id, a.owner.id, shared.id, { password: "managed everywhere" });
    expect(await signsIn(shared.email, "managed everywhere")).toBe(true);
  });
});

function newMemberByEmail(workspaceId: string, email: string) {
  return addMember(workspaceId, { email, role: "member" });
}

describe("creating a workspace", () => {
  it("makes the signed-in user its owner, and them only", async () => {
    const user = await newUser("founder");
    const { workspace: other } = await newTenant("Other");
    const created = await createWorkspace({ name: "Clínica São João" }, { ownerEmail: user.email });
    expect(created.slug).toBe("clinica-sao-joao");
    expect(await findWorkspaceAccess(user.id, created.slug)).toMatchObject({ role: "owner" });
    expect(await listUserWorkspaces(user.id)).toEqual([{ slug: "clinica-sao-joao", name: "Clínica São João", role: "owner" }]);
    expect(await findWorkspaceAccess(user.id, other.slug)).toBeNull();
    expect(await errorCode(createWorkspace({ name: "Again", slug: "clinica-sao-joao" }, { ownerEmail: user.email }))).toBe(
      "slug_taken",
    );
    expect(await fieldErrors(createWorkspace({ name: "" }, { ownerEmail: user.email }))).toMatchObject({ name: "required" });
  });
});

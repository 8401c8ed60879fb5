// Issue 24 (security 6): every way to choose a password (setup, invitation, reset link, own change, a member's
// reset or new account made by an admin, the CLI) refuses `12345678` and `password`, and accepts a good one.
import "../support/next-request-globals";
import { describe, expect, it } from "vitest";
import { setupAction } from "@/app/(auth)/setup/actions";
import { changePassword } from "@/lib/auth/change-password";
import { resetPassword } from "@/lib/auth/password-reset";
import { newLinkToken } from "@/lib/auth/seal-token";
import { startSession } from "@/lib/auth/sessions";
import { acceptInvitation } from "@/lib/invitations/accept-invitation";
import { verifyPassword } from "@/lib/users/password";
import { addWorkspaceMember } from "@/lib/workspaces/add-workspace-member";
import { resetMemberPassword } from "@/lib/workspaces/reset-member-password";
import { runJson } from "../support/cli-run";
import { useTestDatabase } from "../support/database";
import { uniqueEmail } from "../support/ingest-helpers";
import { callAction } from "../support/server-action";
import { fieldErrors, newMember, newTenant, newUser } from "../support/tenants";

const db = useTestDatabase();

const COMMON = ["12345678", "password"];
const TOO_COMMON = { password: "common_password" };
const HOUR = 60 * 60 * 1000;

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

async function storedHash(userId: string): Promise<string> {
  return (await db.current.prisma.user.findUniqueOrThrow({ where: { id: userId } })).passwordHash;
}

describe("a common password", () => {
  it("is refused at setup, in English and in Portuguese", async () => {
    const values = { email: uniqueEmail("setup"), workspaceName: "Acme", country: "BR" };
    for (const password of COMMON) {
      const english = await callAction(null, () => setupAction({}, form({ ...values, password })), { acceptLanguage: "en" });
      expect(english.fieldErrors?.password).toBe("is too common: choose one that is harder to guess");
    }
    const portuguese = await callAction(null, () => setupAction({}, form({ ...values, password: "Password" })), {
      acceptLanguage: "pt-BR",
    });
    expect(portuguese.fieldErrors?.password).toBe("é comum demais: escolha uma senha mais difícil de adivinhar");
  });

  it("is refused when accepting an invitation, which stays usable", async () => {
    const { workspace } = await newTenant("Invites");
    const { token, hash } = newLinkToken();
    const email = uniqueEmail("invited");
    await db.current.prisma.invitation.create({
      data: { workspaceId: workspace.id, email, tokenHash: hash, expiresAt: new Date(Date.now() + HOUR) },
    });
    for (const password of COMMON) expect(await fieldErrors(acceptInvitation(token, { password }))).toEqual(TOO_COMMON);
    expect(await acceptInvitation(token, { password: "a rare invitation" })).toMatchObject({ email });
  });

  it("is refused through a live reset link, which stays usable", async () => {
    const user = await newUser("resetter");
    const { token, hash } = newLinkToken();
    await db.current.prisma.passwordReset.create({
      data: { userId: user.id, tokenHash: hash, expiresAt: new Date(Date.now() + HOUR) },
    });
    for (const password of COMMON) expect(await fieldErrors(resetPassword(token, { password }, null))).toEqual(TOO_COMMON);
    await resetPassword(token, { password: "a rare reset" }, null);
    expect(await verifyPassword(await storedHash(user.id), "a rare reset")).toBe(true);
  });

  it("is refused as one's own new password, and as a member's by an admin", async () => {
    const { workspace, owner } = await newTenant("Changes");
    const session = await startSession(owner.id);
    for (const newPassword of COMMON) {
      expect(await fieldErrors(changePassword(owner.id, session, { currentPassword: "quiet-otter-41", newPassword }))).toEqual({
        newPassword: "common_password",
      });
    }
    const member = await newMember(workspace.id, "member");
    for (const password of COMMON) {
      expect(await fieldErrors(resetMemberPassword(workspace.id, owner.id, member.id, { password }))).toEqual(TOO_COMMON);
      expect(
        await fieldErrors(addWorkspaceMember(workspace.id, owner.id, { account: "new", email: uniqueEmail("new"), password })),
      ).toEqual(TOO_COMMON);
    }
    expect(await verifyPassword(await storedHash(owner.id), "quiet-otter-41")).toBe(true);
  });

  it("is refused by the CLI's user create and user set-password", async () => {
    const email = uniqueEmail("cli");
    for (const password of COMMON) {
      const created = await runJson("user", "create", "--email", email, "--password", password);
      expect(created.code).toBe(1);
      expect(created.body.error.code).toBe("validation_failed");
      expect(created.body.error.errors).toEqual([expect.objectContaining({ field: "password", code: "common_password" })]);
    }
    expect((await runJson("user", "create", "--email", email, "--password", "a rare cli one")).code).toBe(0);
    for (const password of COMMON) {
      const set = await runJson("user", "set-password", "--email", email, "--password", password);
      expect(set.code).toBe(1);
      expect(set.body.error.errors).toEqual([expect.objectContaining({ field: "password", code: "common_password" })]);
    }
  });
});

// Issue 24 (item B): owners and admins see the pending invitations (not accepted, not revoked; expired ones
// flagged), resend one (a new link by email through the outbox to a real SMTP server; the old link stops
// working) or revoke it (its link stops working), never another workspace's; accepting one leads to the
// sign-in page with the email filled in.
import "../support/server-action";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resendInvitationAction, revokeInvitationAction } from "@/app/(admin)/w/[slug]/members/actions";
import { acceptInvitationAction } from "@/app/(auth)/invite/[token]/actions";
import { resetEnv } from "@/lib/env";
import { acceptInvitation, findInvitation } from "@/lib/invitations/accept-invitation";
import { inviteMember } from "@/lib/invitations/invite-member";
import { listPendingInvitations } from "@/lib/invitations/list-invitations";
import { type Dispatcher, startDispatcher } from "@/lib/server/outbox";
import { useTestDatabase } from "../support/database";
import { uniqueEmail } from "../support/ingest-helpers";
import { callAction } from "../support/server-action";
import { type SmtpTestServer, startSmtpServer } from "../support/smtp-server";
import { errorCode, newMember, newTenant } from "../support/tenants";

const db = useTestDatabase();
let smtp: SmtpTestServer;
let dispatcher: Dispatcher;
const names = ["SMTP_URL", "MAIL_FROM", "PUBLIC_BASE_URL"] as const;
const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));

function setEnv(name: (typeof names)[number], value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  resetEnv();
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  setEnv("SMTP_URL", smtp.url());
  setEnv("MAIL_FROM", "leads@leadlink.test");
  // http: over https next-auth names its cookie __Secure-…, and callAction signs in with the plain one.
  setEnv("PUBLIC_BASE_URL", "http://leads.example.com");
  dispatcher = startDispatcher(db.current, { pollMs: 50 });
});

afterAll(async () => {
  await dispatcher?.stop();
  await smtp?.close();
  for (const name of names) setEnv(name, saved[name]);
});

/** The token of the invitation link in the `count`-th email to `address`. */
async function inviteToken(address: string, count = 1): Promise<string> {
  const mails = await smtp.waitFor(address, count);
  const text = mails[count - 1]!.parsed.text ?? "";
  const match = /http:\/\/leads\.example\.com\/invite\/([A-Za-z0-9_-]+)/.exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
}

async function invitationId(workspaceId: string, email: string): Promise<string> {
  return (await db.current.prisma.invitation.findFirstOrThrow({ where: { workspaceId, email }, select: { id: true } })).id;
}

describe("pending invitations", () => {
  it("lists those not accepted nor revoked, newest first, with role, inviter, time sent and expiry; expired ones flagged", async () => {
    const { owner, workspace } = await newTenant("Acme");
    const admin = await newMember(workspace.id, "admin");
    const late = uniqueEmail("late");
    const open = uniqueEmail("open");
    const accepted = uniqueEmail("accepted");
    await inviteMember(workspace.id, owner.id, { email: late }, new Date(Date.now() - 25 * 60 * 60 * 1000));
    await inviteMember(workspace.id, owner.id, { email: accepted });
    await acceptInvitation(await inviteToken(accepted), { password: "new password 1" });
    await inviteMember(workspace.id, admin.id, { email: open, role: "admin" });

    const pending = await listPendingInvitations(workspace.id);
    expect(pending.map((invitation) => [invitation.email, invitation.role, invitation.expired])).toEqual([
      [open, "admin", false],
      [late, "member", true],
    ]);
    expect(pending[0]).toMatchObject({ inviter: { email: admin.email } });
    expect(pending[0]!.expiresAt.getTime() - pending[0]!.sentAt.getTime()).toBe(24 * 60 * 60 * 1000);
    // Another workspace sees none of them.
    expect(await listPendingInvitations((await newTenant("Other")).workspace.id)).toEqual([]);
  });
});

describe("resend", () => {
  it("emails a new link valid 24 hours; the old link stops working; an expired invitation can be sent again", async () => {
    const { owner, workspace } = await newTenant("Acme");
    const email = uniqueEmail("again");
    await inviteMember(workspace.id, owner.id, { email }, new Date(Date.now() - 25 * 60 * 60 * 1000));
    const old = await inviteToken(email);
    expect(await findInvitation(old)).toBeUndefined();

    const id = await invitationId(workspace.id, email);
    const result = await callAction(owner, () => resendInvitationAction(workspace.slug, id));
    expect(result).toMatchObject({ ok: true });
    const fresh = await inviteToken(email, 2);
    expect(fresh).not.toBe(old);
    expect((await listPendingInvitations(workspace.id))[0]).toMatchObject({ email, expired: false });

    // Resent again while still valid: the second link stops working too.
    expect(await callAction(owner, () => resendInvitationAction(workspace.slug, id))).toMatchObject({ ok: true });
    const third = await inviteToken(email, 3);
    expect(await findInvitation(fresh)).toBeUndefined();
    expect(await errorCode(acceptInvitation(fresh, { password: "new password 1" }))).toBe("link_expired");
    expect(await errorCode(acceptInvitation(old, { password: "new password 1" }))).toBe("link_expired");
    await acceptInvitation(third, { password: "new password 1" });
    expect(await listPendingInvitations(workspace.id)).toEqual([]);
    // Accepted: nothing left to resend.
    expect(await callAction(owner, () => resendInvitationAction(workspace.slug, id))).toMatchObject({
      ok: false,
      code: "invitation_not_found",
    });
  });
});

describe("revoke", () => {
  it("stops the link at once and drops it from the list", async () => {
    const { owner, workspace } = await newTenant("Acme");
    const admin = await newMember(workspace.id, "admin");
    const email = uniqueEmail("revoked");
    await inviteMember(workspace.id, owner.id, { email });
    const token = await inviteToken(email);
    const id = await invitationId(workspace.id, email);
    expect(await callAction(admin, () => revokeInvitationAction(workspace.slug, id))).toMatchObject({ ok: true });
    expect(await findInvitation(token)).toBeUndefined();
    expect(await errorCode(acceptInvitation(token, { password: "new password 1" }))).toBe("link_expired");
    // The link is judged first: a dead link is link_expired even with a password that would be refused.
    expect(await errorCode(acceptInvitation(token, { password: "12345678" }))).toBe("link_expired");
    expect(await listPendingInvitations(workspace.id)).toEqual([]);
    expect(await callAction(owner, () => resendInvitationAction(workspace.slug, id))).toMatchObject({
      code: "invitation_not_found",
    });
  });

  it("is audited with the resend: who, and the invitation by its email and role", async () => {
    const { owner, workspace } = await newTenant("Acme");
    const admin = await newMember(workspace.id, "admin");
    const email = uniqueEmail("audited");
    await inviteMember(workspace.id, owner.id, { email });
    const id = await invitationId(workspace.id, email);
    expect(await callAction(owner, () => resendInvitationAction(workspace.slug, id))).toMatchObject({ ok: true });
    expect(await callAction(admin, () => revokeInvitationAction(workspace.slug, id))).toMatchObject({ ok: true });
    const entries = await db.current.prisma.auditEntry.findMany({
      where: { workspaceId: workspace.id, targetId: id },
      orderBy: { createdAt: "asc" },
      select: { action: true, actorUserId: true, details: true },
    });
    expect(entries).toEqual([
      { action: "invitation.sent", actorUserId: owner.id, details: { name: email, role: "member" } },
      { action: "invitation.resent", actorUserId: owner.id, details: { name: email, role: "member" } },
      { action: "invitation.revoked", actorUserId: admin.id, details: { name: email, role: "member" } },
    ]);
  });
});

describe("who may", () => {
  it("refuses members, admins on an owner's invitation, and every other workspace's admins and owners", async () => {
    const { owner, workspace } = await newTenant("Acme");
    const member = await newMember(workspace.id, "member");
    const admin = await newMember(workspace.id, "admin");
    const other = await newTenant("Other");
    const otherAdmin = await newMember(other.workspace.id, "admin");
    const email = uniqueEmail("owner-to-be");
    await inviteMember(workspace.id, owner.id, { email, role: "owner" });
    const token = await inviteToken(email);
    const id = await invitationId(workspace.id, email);

    for (const action of [resendInvitationAction, revokeInvitationAction]) {
      expect(await callAction(member, () => action(workspace.slug, id))).toMatchObject({ ok: false, code: "forbidden" });
      expect(await callAction(admin, () => action(workspace.slug, id))).toMatchObject({ ok: false, code: "forbidden" });
      // Their own workspace's slug with this workspace's invitation id: not found there.
      for (const stranger of [other.owner, otherAdmin]) {
        expect(await callAction(stranger, () => action(other.workspace.slug, id))).toMatchObject({
          ok: false,
          code: "invitation_not_found",
        });
        expect((await callAction(stranger, () => action(workspace.slug, id))).ok).toBe(false);
      }
      expect(await callAction(owner, () => action(workspace.slug, "not-an-id"))).toMatchObject({ code: "invitation_not_found" });
    }
    // Nothing changed: the first link still works, and only one email was sent.
    expect((await findInvitation(token))?.email).toBe(email);
    expect(await db.current.prisma.emailMessage.count({ where: { toAddress: email } })).toBe(1);
  });
});

describe("accepting", () => {
  it("leads to the sign-in page with the invited email in its address", async () => {
    const { owner, workspace } = await newTenant("Acme");
    const email = uniqueEmail("newcomer");
    await inviteMember(workspace.id, owner.id, { email });
    const token = await inviteToken(email);
    const form = new FormData();
    form.set("password", "new password 1");
    const thrown = await callAction(null, () => acceptInvitationAction(token, {}, form)).then(
      () => undefined,
      (error: unknown) => error as { digest?: string },
    );
    // Next's redirect() throws; its digest carries the target.
    expect(thrown?.digest).toContain(`/signin?invited=${encodeURIComponent(email)}`);
  });
});

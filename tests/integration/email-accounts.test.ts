// Issue 14 item 4 against a real SMTP server: an invitation by email (one-time, expiring, hashed link) that
// creates the account and the membership; "forgot password" that answers the same for any address, is rate
// limited per client, and whose link sets the password once and ends every session; without SMTP both refuse.
import "../support/next-request-globals";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestPasswordReset, resetPassword } from "@/lib/auth/password-reset";
import { hashLinkToken } from "@/lib/auth/seal-token";
import { readSession, startSession } from "@/lib/auth/sessions";
import { resetEnv } from "@/lib/env";
import { acceptInvitation, findInvitation } from "@/lib/invitations/accept-invitation";
import { inviteMember } from "@/lib/invitations/invite-member";
import { type Dispatcher, startDispatcher } from "@/lib/server/outbox";
import { verifyPassword } from "@/lib/users/password";
import { useTestDatabase } from "../support/database";
import { uniqueEmail } from "../support/ingest-helpers";
import { type SmtpTestServer, startSmtpServer } from "../support/smtp-server";
import { errorCode, newMember, newTenant, newUser } from "../support/tenants";

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
  setEnv("PUBLIC_BASE_URL", "https://leads.example.com");
  dispatcher = startDispatcher(db.current, { pollMs: 50 });
});

afterAll(async () => {
  await dispatcher?.stop();
  await smtp?.close();
  for (const name of names) setEnv(name, saved[name]);
});

/** The token of the link in the one email to `address` that matches `path`. */
async function linkToken(address: string, path: string, count = 1): Promise<string> {
  const mails = await smtp.waitFor(address, count);
  const text = mails[count - 1]!.parsed.text ?? "";
  const match = new RegExp(`https://leads\\.example\\.com/${path}/([A-Za-z0-9_-]+)`).exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
}

describe("invitation", () => {
  it("emails a one-time link that creates the account and joins with the invited role", async () => {
    const { owner, workspace } = await newTenant("Acme");
    const email = uniqueEmail("invitee");
    await inviteMember(workspace.id, owner.id, { email, role: "admin", name: "Bia" });
    const token = await linkToken(email, "invite");
    // Only the hash is stored, and the outbox forgot the sealed link once it was sent.
    expect(await db.current.prisma.invitation.count({ where: { tokenHash: token } })).toBe(0);
    expect(await db.current.prisma.invitation.count({ where: { tokenHash: hashLinkToken(token) } })).toBe(1);
    // The server has the mail before the dispatcher hears its answer and records the delivery: wait for that.
    await expect
      .poll(
        async () => {
          const message = await db.current.prisma.emailMessage.findFirstOrThrow({ where: { toAddress: email } });
          return [message.state, message.sealedToken];
        },
        { timeout: 30_000, interval: 50 },
      )
      .toEqual(["delivered", null]);

    expect((await findInvitation(token))?.workspace.slug).toBe(workspace.slug);
    expect(await errorCode(acceptInvitation(token, { password: "short" }))).toBe("validation_failed");
    await acceptInvitation(token, { password: "new password 1" });
    const user = await db.current.prisma.user.findUniqueOrThrow({
      where: { email },
      include: { memberships: true },
    });
    expect(user.name).toBe("Bia");
    expect(await verifyPassword(user.passwordHash, "new password 1")).toBe(true);
    expect(user.memberships.map((membership) => [membership.workspaceId, membership.role])).toEqual([[workspace.id, "admin"]]);
    // Once only.
    expect(await findInvitation(token)).toBeUndefined();
    expect(await errorCode(acceptInvitation(token, { password: "another one 2" }))).toBe("link_expired");
  });

  it("expires after 24 hours, refuses members and existing accounts, and needs email", async () => {
    const { owner, workspace } = await newTenant("Acme");
    const email = uniqueEmail("late");
    const sent = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await inviteMember(workspace.id, owner.id, { email }, sent);
    const token = await linkToken(email, "invite");
    expect(await findInvitation(token)).toBeUndefined();
    expect(await errorCode(acceptInvitation(token, { password: "new password 1" }))).toBe("link_expired");
    expect(await errorCode(acceptInvitation("not-a-token", { password: "new password 1" }))).toBe("link_expired");

    const member = await newMember(workspace.id, "member");
    expect(await errorCode(inviteMember(workspace.id, member.id, { email: uniqueEmail() }))).toBe("forbidden");
    const admin = await newMember(workspace.id, "admin");
    expect(await errorCode(inviteMember(workspace.id, admin.id, { email: uniqueEmail(), role: "owner" }))).toBe("forbidden");
    expect(await errorCode(inviteMember(workspace.id, owner.id, { email: member.email }))).toBe("email_taken");

    setEnv("SMTP_URL", undefined);
    try {
      expect(await errorCode(inviteMember(workspace.id, owner.id, { email: uniqueEmail() }))).toBe("email_not_configured");
    } finally {
      setEnv("SMTP_URL", smtp.url());
    }
  });
});

describe("password reset", () => {
  it("answers the same for any address, and its link sets the password once and ends every session", async () => {
    const user = await newUser("forgetful");
    const session = await startSession(user.id);
    expect(await readSession(session)).not.toBeNull();

    // An unknown address: the same (empty) answer, and no email.
    const nobody = uniqueEmail("nobody");
    await expect(requestPasswordReset({ email: nobody }, "203.0.113.7")).resolves.toBeUndefined();
    await expect(requestPasswordReset({ email: user.email.toUpperCase() }, "203.0.113.7")).resolves.toBeUndefined();
    const token = await linkToken(user.email, "reset-password");
    expect(smtp.to(nobody)).toHaveLength(0);
    expect(await db.current.prisma.passwordReset.count({ where: { tokenHash: token } })).toBe(0);

    await resetPassword(token, { password: "brand new pass" }, null);
    const stored = await db.current.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword(stored.passwordHash, "brand new pass")).toBe(true);
    expect(await readSession(session)).toBeNull();
    expect(await errorCode(resetPassword(token, { password: "again and again" }, null))).toBe("link_expired");
  });

  it("expires after 1 hour, is limited per client, and needs email", async () => {
    const user = await newUser("slow");
    await requestPasswordReset({ email: user.email }, "203.0.113.8", new Date(Date.now() - 61 * 60 * 1000));
    const token = await linkToken(user.email, "reset-password");
    expect(await errorCode(resetPassword(token, { password: "brand new pass" }, null))).toBe("link_expired");

    const ip = "203.0.113.9";
    for (let i = 0; i < 20; i++) await requestPasswordReset({ email: uniqueEmail("spray") }, ip);
    expect(await errorCode(requestPasswordReset({ email: user.email }, ip))).toBe("too_many_attempts");

    setEnv("SMTP_URL", undefined);
    try {
      expect(await errorCode(requestPasswordReset({ email: user.email }, "203.0.113.10"))).toBe("email_not_configured");
    } finally {
      setEnv("SMTP_URL", smtp.url());
    }
  });
});

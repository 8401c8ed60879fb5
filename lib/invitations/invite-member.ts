import type { z } from "zod";
import { recordAudit } from "@/lib/audit/record";
import { newLinkToken, sealToken } from "@/lib/auth/seal-token";
import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { mailEnabled } from "@/lib/mail/mail-config";
import { wakeOutbox } from "@/lib/outbox/wake";
import { UserName } from "@/lib/users/user-input";
import { parseInput } from "@/lib/validation/parse-input";
import { lockMembership } from "@/lib/workspaces/lock-membership";
import { assertMemberChangeAllowed } from "@/lib/workspaces/member-rules";
import { MemberInput } from "@/lib/workspaces/workspace-input";

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 24 * 60 * 60 * 1000;

export const InvitationInput = MemberInput.extend({ name: UserName.optional().transform((name) => name || undefined) });
export type InvitationInput = z.input<typeof InvitationInput>;

/**
 * Invites a person without an account by email, as `actorId` (owners and admins; only owners invite owners):
 * a one-time link, valid 24 hours, to choose a password and join. The link's token is stored hashed; the email
 * goes through the outbox like every other. Audited (the invitee's email and role; `ip`: the inviter's) in the
 * same transaction.
 */
export async function inviteMember(
  workspaceId: string,
  actorId: string,
  input: InvitationInput,
  now = new Date(),
  ip: string | null = null,
): Promise<{ email: string; role: string; expiresAt: Date }> {
  const invitation = parseInput(InvitationInput, input, "invitation");
  if (!mailEnabled()) throw new AppError("email_not_configured", "Email is off: add the member with a password instead.");
  const { token, hash } = newLinkToken();
  const { prisma } = await getDatabase();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  await prisma.$transaction(async (tx) => {
    const { actor } = await lockMembership(tx, workspaceId, actorId);
    assertMemberChangeAllowed(actor, { to: invitation.role });
    if (await tx.user.findUnique({ where: { email: invitation.email }, select: { id: true } })) {
      throw new AppError("email_taken", "This email already has an account: add it as an existing account.", {
        errors: [{ field: "email", code: "email_taken", message: "already has an account" }],
      });
    }
    const created = await tx.invitation.create({
      select: { id: true },
      data: {
        workspaceId,
        email: invitation.email,
        name: invitation.name ?? null,
        role: invitation.role,
        invitedBy: actorId,
        tokenHash: hash,
        expiresAt,
        // When it was sent, on the clock that set its expiry (the members page shows both).
        createdAt: now,
      },
    });
    await tx.emailMessage.create({
      data: { kind: "invitation", workspaceId, toAddress: invitation.email, sealedToken: sealToken(token) },
    });
    const event = { workspaceId, action: "invitation.sent", targetType: "invitation", targetId: created.id } as const;
    const details = { name: invitation.email, role: invitation.role };
    await recordAudit({ kind: "user", userId: actorId, ip }, { ...event, details }, tx);
  });
  wakeOutbox();
  return { email: invitation.email, role: invitation.role, expiresAt };
}

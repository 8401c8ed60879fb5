import { recordAudit } from "@/lib/audit/record";
import { newLinkToken, sealToken } from "@/lib/auth/seal-token";
import { getDatabase } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { mailEnabled } from "@/lib/mail/mail-config";
import { wakeOutbox } from "@/lib/outbox/wake";
import { isUuid } from "@/lib/validation/uuid";
import { lockMembership } from "@/lib/workspaces/lock-membership";
import { assertMemberChangeAllowed } from "@/lib/workspaces/member-rules";
import { INVITATION_TTL_MS } from "./invite-member";

function invitationNotFound(): AppError {
  return new AppError("invitation_not_found", "This invitation was accepted, revoked or does not exist in this workspace.");
}

/**
 * The workspace's open invitation `invitationId` (not accepted, not revoked), under the membership lock,
 * once `actorId` may manage it: owners and admins; only owners touch an invitation to be an owner.
 */
async function lockInvitation(tx: Prisma.TransactionClient, workspaceId: string, actorId: string, invitationId: string) {
  const { actor } = await lockMembership(tx, workspaceId, actorId);
  assertMemberChangeAllowed(actor, {});
  const invitation = isUuid(invitationId)
    ? await tx.invitation.findFirst({
        where: { id: invitationId, workspaceId, acceptedAt: null, revokedAt: null },
        select: { id: true, email: true, role: true },
      })
    : null;
  if (!invitation) throw invitationNotFound();
  assertMemberChangeAllowed(actor, { to: invitation.role });
  return invitation;
}

/** The audit entry of a resend or a revocation, in its transaction, naming the invitation by its email and role. */
function auditInvitation(
  tx: Prisma.TransactionClient,
  action: "invitation.resent" | "invitation.revoked",
  workspaceId: string,
  actorId: string,
  ip: string | null,
  invitation: { id: string; email: string; role: string },
): Promise<void> {
  const event = { workspaceId, action, targetType: "invitation", targetId: invitation.id } as const;
  const details = { name: invitation.email, role: invitation.role };
  return recordAudit({ kind: "user", userId: actorId, ip }, { ...event, details }, tx);
}

/**
 * Sends an invitation again, expired or not: a new link valid 24 hours from now replaces the old one (which
 * stops working: only the new token's hash is kept), emailed through the outbox like the first.
 */
export async function resendInvitation(
  workspaceId: string,
  actorId: string,
  invitationId: string,
  now = new Date(),
  ip: string | null = null,
): Promise<{ email: string; expiresAt: Date }> {
  if (!mailEnabled()) throw new AppError("email_not_configured", "Email is off: add the member with a password instead.");
  const { token, hash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const { prisma } = await getDatabase();
  const email = await prisma.$transaction(async (tx) => {
    const invitation = await lockInvitation(tx, workspaceId, actorId, invitationId);
    // Scoped again in the write, and conditional: an acceptance that won the race leaves nothing to resend.
    const { count } = await tx.invitation.updateMany({
      where: { id: invitation.id, workspaceId, acceptedAt: null, revokedAt: null },
      data: { tokenHash: hash, expiresAt, createdAt: now },
    });
    if (count !== 1) throw invitationNotFound();
    await tx.emailMessage.create({
      data: { kind: "invitation", workspaceId, toAddress: invitation.email, sealedToken: sealToken(token) },
    });
    await auditInvitation(tx, "invitation.resent", workspaceId, actorId, ip, invitation);
    return invitation.email;
  });
  wakeOutbox();
  return { email, expiresAt };
}

/** Revokes an invitation: its link stops working at once and the members page no longer lists it. */
export async function revokeInvitation(
  workspaceId: string,
  actorId: string,
  invitationId: string,
  now = new Date(),
  ip: string | null = null,
): Promise<{ email: string }> {
  const { prisma } = await getDatabase();
  return prisma.$transaction(async (tx) => {
    const invitation = await lockInvitation(tx, workspaceId, actorId, invitationId);
    const { count } = await tx.invitation.updateMany({
      where: { id: invitation.id, workspaceId, acceptedAt: null, revokedAt: null },
      data: { revokedAt: now },
    });
    if (count !== 1) throw invitationNotFound();
    await auditInvitation(tx, "invitation.revoked", workspaceId, actorId, ip, invitation);
    return { email: invitation.email };
  });
}

import { z } from "zod";
import { recordAudit } from "@/lib/audit/record";
import { hashLinkToken } from "@/lib/auth/seal-token";
import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { createUser } from "@/lib/users/create-user";
import { Password, UserName } from "@/lib/users/user-input";
import { parseInput } from "@/lib/validation/parse-input";
import { addMember } from "@/lib/workspaces/add-member";

export const AcceptInvitationInput = z.object({
  password: Password,
  name: UserName.optional().transform((name) => name || undefined),
});
export type AcceptInvitationInput = z.input<typeof AcceptInvitationInput>;

function expired(): AppError {
  return new AppError("link_expired", "This invitation has expired or was already used: ask for a new one.");
}

/** The invitation a link's token names, while it can still be accepted; undefined otherwise. */
export async function findInvitation(token: string, now = new Date()) {
  if (typeof token !== "string" || token.length > 100) return undefined;
  const { prisma } = await getDatabase();
  return (
    (await prisma.invitation.findFirst({
      where: { tokenHash: hashLinkToken(token), acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
      select: { email: true, name: true, role: true, workspace: { select: { name: true, slug: true } } },
    })) ?? undefined
  );
}

/**
 * Accepts an invitation: creates the account with the chosen password and joins the workspace with the
 * invited role, in one transaction. The link works once (claimed by a conditional update), only before it
 * expires, and not once revoked or resent (a resend replaces the token). Audited as the new member (`ip`: theirs),
 * in the same transaction.
 */
export async function acceptInvitation(token: string, input: AcceptInvitationInput, now = new Date(), ip: string | null = null) {
  // The link first, as a password reset does: a dead link is link_expired whatever the password says.
  if (!(await findInvitation(token, now))) throw expired();
  const { password, name } = parseInput(AcceptInvitationInput, input, "account");
  const { prisma } = await getDatabase();
  return prisma.$transaction(async (tx) => {
    const tokenHash = hashLinkToken(String(token).slice(0, 100));
    const { count } = await tx.invitation.updateMany({
      where: { tokenHash, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
      data: { acceptedAt: now },
    });
    if (count !== 1) throw expired();
    const invitation = await tx.invitation.findUniqueOrThrow({
      where: { tokenHash },
      select: { id: true, email: true, name: true, role: true, workspaceId: true, workspace: { select: { slug: true } } },
    });
    const user = await createUser({ email: invitation.email, password, name: name ?? invitation.name ?? undefined }, tx);
    await addMember(invitation.workspaceId, { email: invitation.email, role: invitation.role }, tx);
    const { workspaceId } = invitation;
    const event = { workspaceId, action: "invitation.accepted", targetType: "invitation", targetId: invitation.id } as const;
    const details = { name: invitation.email, role: invitation.role };
    await recordAudit({ kind: "user", userId: user.id, ip }, { ...event, details }, tx);
    return { email: invitation.email, workspaceSlug: invitation.workspace.slug };
  });
}

import { getDatabase } from "@/lib/db/client";
import type { Prisma, Role } from "@/lib/db/generated/client";

export interface PendingInvitation {
  id: string;
  email: string;
  role: Role;
  /** Who sent it; null when their account was deleted since. */
  inviter: { email: string; name: string | null } | null;
  /** When it was last sent (a resend counts). */
  sentAt: Date;
  expiresAt: Date;
  expired: boolean;
}

const invitationSelect = {
  id: true,
  email: true,
  role: true,
  createdAt: true,
  expiresAt: true,
  inviter: { select: { email: true, name: true } },
} satisfies Prisma.InvitationSelect;

/**
 * The workspace's invitations nobody accepted and nobody revoked, newest first: those still open and those
 * that expired (the members page offers to send them again). A resend moves `createdAt` to when it was sent.
 */
export async function listPendingInvitations(workspaceId: string, now = new Date()): Promise<PendingInvitation[]> {
  const { prisma } = await getDatabase();
  const rows = await prisma.invitation.findMany({
    where: { workspaceId, acceptedAt: null, revokedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 200,
    select: invitationSelect,
  });
  return rows.map(({ createdAt, ...row }) => ({ ...row, sentAt: createdAt, expired: row.expiresAt <= now }));
}

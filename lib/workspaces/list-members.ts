import { getDatabase } from "@/lib/db/client";
import type { Role } from "./member-rules";

export interface WorkspaceMember {
  userId: string;
  email: string;
  name: string | null;
  role: Role;
  joinedAt: Date;
}

const ROLE_ORDER: Record<Role, number> = { owner: 0, admin: 1, member: 2 };

/** The workspace's members: owners first, then admins, then members, each by email. */
export async function listMembers(workspaceId: string): Promise<WorkspaceMember[]> {
  const { prisma } = await getDatabase();
  const rows = await prisma.membership.findMany({
    where: { workspaceId },
    select: { role: true, createdAt: true, user: { select: { id: true, email: true, name: true } } },
  });
  return rows
    .map((row) => ({ userId: row.user.id, email: row.user.email, name: row.user.name, role: row.role, joinedAt: row.createdAt }))
    .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.email.localeCompare(b.email));
}

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

/** The members' order everywhere they are listed: owners first, then admins, then members, each by email. */
export function byRoleThenEmail(a: { role: Role; email: string }, b: { role: Role; email: string }): number {
  return ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.email.localeCompare(b.email);
}

/** The workspace's members: owners first, then admins, then members, each by email. One statement (Prisma reads a relation with a second one). */
export async function listMembers(workspaceId: string): Promise<WorkspaceMember[]> {
  const { prisma } = await getDatabase();
  const rows = await prisma.$queryRaw<WorkspaceMember[]>`
    SELECT u.id::text AS "userId", u.email, u.name, m.role::text AS role, m.created_at AS "joinedAt"
    FROM memberships m JOIN users u ON u.id = m.user_id
    WHERE m.workspace_id = ${workspaceId}::uuid`;
  return rows.sort(byRoleThenEmail);
}

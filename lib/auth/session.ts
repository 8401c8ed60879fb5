import { getServerSession } from "next-auth";
import { notFound, redirect } from "next/navigation";
import { getDatabase } from "@/lib/db/client";
import type { Role } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { authOptions } from "./auth-options";

export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
}

const RANK: Record<Role, number> = { member: 0, admin: 1, owner: 2 };

export function hasRole(role: Role, atLeast: Role): boolean {
  return RANK[role] >= RANK[atLeast];
}

/** The signed-in user, or null. The user is re-read from the database: a deleted user's cookie is worthless. */
export async function currentUser(): Promise<SessionUser | null> {
  const session = await getServerSession(authOptions());
  const id = (session?.user as { id?: string } | undefined)?.id;
  if (!id) return null;
  const { prisma } = await getDatabase();
  return prisma.user.findUnique({ where: { id }, select: { id: true, email: true, name: true } });
}

/** For pages: the signed-in user, or a redirect to the sign-in page. */
export async function requireUser(): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) redirect("/signin");
  return user;
}

export interface WorkspaceAccess {
  user: SessionUser;
  workspace: { id: string; name: string; slug: string; country: string };
  role: Role;
}

/**
 * The workspace `slug` as the signed-in user may see it. Membership is part of the query: a workspace the
 * user does not belong to is indistinguishable from one that does not exist (404).
 */
export async function findWorkspaceAccess(userId: string, slug: string) {
  const { prisma } = await getDatabase();
  return prisma.membership.findFirst({
    where: { userId, workspace: { slug } },
    select: { role: true, workspace: { select: { id: true, name: true, slug: true, country: true } } },
  });
}

/** For pages and route handlers: the workspace access, or sign-in / 404 / 403 as appropriate. */
export async function requireWorkspace(slug: string, atLeast: Role = "member"): Promise<WorkspaceAccess> {
  const user = await requireUser();
  const membership = await findWorkspaceAccess(user.id, slug);
  if (!membership) notFound();
  if (!hasRole(membership.role, atLeast)) notFound();
  return { user, workspace: membership.workspace, role: membership.role };
}

/**
 * For server actions: like requireWorkspace, but throws AppError (the action turns it into a message)
 * instead of navigating, and refuses members where a manager is needed.
 */
export async function authorizeWorkspace(slug: string, atLeast: Role = "member"): Promise<WorkspaceAccess> {
  const user = await currentUser();
  if (!user) throw new AppError("unauthorized", "Your session has ended. Sign in again.");
  const membership = await findWorkspaceAccess(user.id, slug);
  if (!membership) throw new AppError("not_found", "This workspace does not exist.");
  if (!hasRole(membership.role, atLeast)) throw new AppError("forbidden", `Only ${atLeast === "owner" ? "owners" : "owners and admins"} can do this.`);
  return { user, workspace: membership.workspace, role: membership.role };
}

import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { cache } from "react";
import { getDatabase } from "@/lib/db/client";
import type { Role } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import { requestAuthOptions } from "./auth-options";
import { signInPath } from "./callback-path";
import { markOwnWrite } from "./reads-own-writes";
import { REQUEST_PATH_HEADER } from "./request-path";
import type { SessionUser } from "./sessions";

export type { SessionUser };

export interface CurrentSession {
  /** The session's id (lib/auth/sessions.ts): a password change keeps this one and ends the others. */
  sessionId: string;
  user: SessionUser;
  /** The language the user chose on the account page, read with the session; null: follow the browser. */
  locale: Locale | null;
  /** The time zone the user chose on the account page, read with the session; null: follow the browser. */
  timeZone: string | null;
}

/**
 * The signed-in user and their session, or null. next-auth's jwt callback (lib/auth/auth-options.ts) looks
 * the session up by id on every read, so a signed-out, revoked or expired session, or a deleted user, is
 * no session at all, wherever its cookie was copied to. Once per request (React's cache).
 */
export const currentSession = cache(async (): Promise<CurrentSession | null> => {
  const requestHeaders = await headers();
  const session = await getServerSession(requestAuthOptions(requestHeaders));
  if ((session as { unavailable?: boolean } | null)?.unavailable) {
    // The error page, not the sign-in page: the cookie may be fine, the database cannot say.
    throw new AppError(
      "service_unavailable",
      "The database is unavailable; the session could not be checked. Try again in a few seconds.",
    );
  }
  const user = session?.user as
    | {
        id?: unknown;
        email?: unknown;
        name?: unknown;
        sid?: unknown;
        locale?: unknown;
        timeZone?: unknown;
      }
    | undefined;
  if (typeof user?.id !== "string" || typeof user.sid !== "string" || typeof user.email !== "string") return null;
  return {
    sessionId: user.sid,
    user: { id: user.id, email: user.email, name: typeof user.name === "string" ? user.name : null },
    locale: isLocale(user.locale) ? user.locale : null,
    timeZone: typeof user.timeZone === "string" ? user.timeZone : null,
  };
});

/** The signed-in user, or null. */
export async function currentUser(): Promise<SessionUser | null> {
  return (await currentSession())?.user ?? null;
}

/** For pages: the signed-in user, or a redirect to the sign-in page that comes back to this page afterwards. */
export async function requireUser(): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) redirect(signInPath((await headers()).get(REQUEST_PATH_HEADER) ?? undefined));
  return user;
}

const RANK: Record<Role, number> = { member: 0, admin: 1, owner: 2 };

export function hasRole(role: Role, atLeast: Role): boolean {
  return RANK[role] >= RANK[atLeast];
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
export async function findWorkspaceAccess(userId: string, slug: string): Promise<RenderedMembership | null> {
  const { prisma } = await getDatabase();
  // One statement: Prisma reads the membership and its workspace with two.
  const [row] = await prisma.$queryRaw<MembershipRow[]>`
    SELECT m.role::text AS role, w.id::text AS id, w.name, w.slug, w.country
    FROM memberships m JOIN workspaces w ON w.id = m.workspace_id
    WHERE m.user_id = ${userId}::uuid AND w.slug = ${slug}`;
  return row ? toMembership(row) : null;
}

export interface RenderedMembership {
  role: Role;
  workspace: WorkspaceAccess["workspace"];
}

type MembershipRow = { role: Role } & WorkspaceAccess["workspace"];

const toMembership = ({ role, ...workspace }: MembershipRow): RenderedMembership => ({ role, workspace });

/**
 * Every workspace the user belongs to, by name, with their role in each: once per page render (React's
 * cache), in one statement. requireWorkspace picks the page's workspace from it and the workspace layout's
 * switcher lists it, so a page no longer asks for the membership and the list separately (three statements
 * through Prisma: the membership, its workspace, the list). Server actions (authorizeWorkspace) look the
 * membership up afresh.
 */
export const renderedMemberships = cache(async (userId: string): Promise<RenderedMembership[]> => {
  const { prisma } = await getDatabase();
  const rows = await prisma.$queryRaw<MembershipRow[]>`
    SELECT m.role::text AS role, w.id::text AS id, w.name, w.slug, w.country
    FROM memberships m JOIN workspaces w ON w.id = m.workspace_id
    WHERE m.user_id = ${userId}::uuid
    ORDER BY w.name, w.slug`;
  return rows.map(toMembership);
});

/**
 * For pages: the workspace access; the sign-in page when signed out; the 404 page when the user is not a
 * member, and also when their role is below `atLeast` (a member who opens a manager's page, such as
 * /links/new, sees the same page as for a link that does not exist; the actions refuse with 403 `forbidden`).
 */
export async function requireWorkspace(slug: string, atLeast: Role = "member"): Promise<WorkspaceAccess> {
  const user = await requireUser();
  const membership = (await renderedMemberships(user.id)).find((candidate) => candidate.workspace.slug === slug);
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
  if (!hasRole(membership.role, atLeast))
    throw new AppError("forbidden", `Only ${atLeast === "owner" ? "owners" : "owners and admins"} can do this.`);
  await markOwnWrite();
  return { user, workspace: membership.workspace, role: membership.role };
}

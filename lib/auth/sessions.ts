import { getDatabase } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import { canonicalTimeZone } from "@/lib/time/time-zone";
import { isUuid } from "@/lib/validation/uuid";

/** How long a sign-in lasts: the session cookie's lifetime too (lib/auth/auth-options.ts). */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** `last_seen_at` is written at most this often per session, so reading a session is a read, not a write. */
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

/** Revoked sessions are kept this long (who signed out when), then removed when their user signs in again. */
const REVOKED_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
}

/** Records a sign-in; its id goes into the session cookie. Also forgets the user's long-dead sessions. */
export async function startSession(userId: string, now = new Date()): Promise<string> {
  const { prisma } = await getDatabase();
  await prisma.session.deleteMany({
    where: { userId, OR: [{ expiresAt: { lt: now } }, { revokedAt: { lt: new Date(now.getTime() - REVOKED_KEPT_MS) } }] },
  });
  const session = await prisma.session.create({
    data: { userId, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000) },
    select: { id: true },
  });
  return session.id;
}

/** A live session's user, with the language they chose (null: follow the browser) for the page being served. */
export interface SessionReader extends SessionUser {
  locale: Locale | null;
  /** The zone they chose on the account page (null: the browser's), which the admin's times follow. */
  timeZone: string | null;
}

type SessionRow = { revokedAt: Date | null; expiresAt: Date; lastSeenAt: Date } & SessionUser & {
    locale: string | null;
    timeZone: string | null;
  };

/**
 * The user of a live session (not revoked, not expired), or null. One statement per request: the session
 * by its primary key joined with its user (a deleted user or a revoked session ends the cookie at once)
 * and the user's language and zone, which every page needs too (Prisma's findUnique with the user read them with
 * two, and the language with a third).
 */
export async function readSession(sessionId: unknown, now = new Date()): Promise<SessionReader | null> {
  if (!isUuid(sessionId)) return null;
  const { prisma } = await getDatabase();
  const [session] = await prisma.$queryRaw<SessionRow[]>`
    SELECT s.revoked_at AS "revokedAt", s.expires_at AS "expiresAt", s.last_seen_at AS "lastSeenAt",
           u.id::text AS id, u.email, u.name, u.locale, u.time_zone AS "timeZone"
    FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.id = ${sessionId}::uuid`;
  if (!session || session.revokedAt || session.expiresAt <= now) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await prisma.session.updateMany({ where: { id: sessionId, revokedAt: null }, data: { lastSeenAt: now } });
  }
  return {
    id: session.id,
    email: session.email,
    name: session.name,
    locale: isLocale(session.locale) ? session.locale : null,
    timeZone: canonicalTimeZone(session.timeZone) ?? null,
  };
}

/** Ends one session (sign-out). Ending an unknown or ended session does nothing. */
export async function revokeSession(sessionId: unknown): Promise<void> {
  if (!isUuid(sessionId)) return;
  const { prisma } = await getDatabase();
  await prisma.session.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date() } });
}

/**
 * Ends every live session of a user, but `except` (the session that changed its own password stays signed in).
 * Pass `tx` to end them in the same transaction as the password change. Returns how many were ended.
 */
export async function revokeUserSessions(
  userId: string,
  options: { except?: string; tx?: Prisma.TransactionClient } = {},
): Promise<number> {
  const db = options.tx ?? (await getDatabase()).prisma;
  const { count } = await db.session.updateMany({
    where: { userId, revokedAt: null, ...(options.except !== undefined && { id: { not: options.except } }) },
    data: { revokedAt: new Date() },
  });
  return count;
}

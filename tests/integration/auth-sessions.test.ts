// Security 3 (sign-out does not end the session): the session cookie names a row of `sessions`, and every
// read of a session (next-auth's jwt callback, which getServerSession and /api/auth/session run) finds it live
// or finds no session. Sign-out, a password change, a reset and `user set-password` end sessions on the server.
// (tests/e2e/auth-sessions.spec.ts copies a real cookie and replays it after each of these.)
import type { JWT } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { authOptions } from "@/lib/auth/auth-options";
import { readSession, revokeSession, revokeUserSessions, SESSION_MAX_AGE_SECONDS, startSession } from "@/lib/auth/sessions";
import { setUserLocale } from "@/lib/i18n/user-locale";
import { setUserTimeZone } from "@/lib/users/user-time-zone";
import { useTestDatabase } from "../support/database";
import { newUser } from "../support/tenants";

const db = useTestDatabase();

/** What next-auth does with a cookie's token on every session read: run the jwt callback, then the session callback. */
async function readCookie(token: JWT) {
  const callbacks = authOptions().callbacks!;
  const next = await callbacks.jwt!({ token } as never);
  const session = await callbacks.session!({ session: { expires: "later" }, token: next } as never);
  return (session as { user?: { id: string; email: string; sid: string } }).user ?? null;
}

async function signInToken(user: { id: string; email: string; name: string | null }): Promise<JWT> {
  return (await authOptions().callbacks!.jwt!({ token: {}, user, trigger: "signIn" } as never)) as JWT;
}

describe("sessions", () => {
  it("a sign-in starts a session that reads back as its user, until it is signed out", async () => {
    const user = await newUser("reader");
    const token = await signInToken(user);
    expect(token.sid).toEqual(expect.any(String));
    // The cookie carries the session's id, not a standing claim to the account.
    expect(Object.keys(token).sort()).toEqual(["sid", "sub"]);
    expect(await readCookie(token)).toMatchObject({ id: user.id, email: user.email, sid: token.sid });

    await authOptions().events!.signOut!({ token, session: undefined as never });
    expect(await readCookie(token)).toBeNull();
    const row = await db.current.prisma.session.findUniqueOrThrow({ where: { id: token.sid as string } });
    expect(row.revokedAt).toBeInstanceOf(Date);
  });

  it("refuses tokens without a session (issued before sessions existed, or forged ids) and sessions of deleted users", async () => {
    const user = await newUser("legacy");
    expect(await readCookie({ uid: user.id, sub: user.id } as JWT)).toBeNull();
    expect(await readCookie({ sid: "not-a-uuid" } as JWT)).toBeNull();
    expect(await readCookie({ sid: "00000000-0000-4000-8000-000000000000" } as JWT)).toBeNull();
    const token = await signInToken(user);
    await db.current.prisma.user.delete({ where: { id: user.id } });
    expect(await readCookie(token)).toBeNull();
  });

  it("ends a session once it expires, and shows a changed name or email at once", async () => {
    const user = await newUser("expiring");
    const started = new Date("2026-01-01T00:00:00Z");
    const sid = await startSession(user.id, started);
    expect(await readSession(sid, new Date(started.getTime() + (SESSION_MAX_AGE_SECONDS - 60) * 1000))).toMatchObject({
      id: user.id,
    });
    expect(await readSession(sid, new Date(started.getTime() + SESSION_MAX_AGE_SECONDS * 1000))).toBeNull();

    const token = await signInToken(user);
    await db.current.prisma.user.update({ where: { id: user.id }, data: { name: "Renamed" } });
    expect(await readSession(token.sid)).toMatchObject({ name: "Renamed" });
  });

  it("reads the user's language with the session (pages take it from there, with no statement of their own)", async () => {
    const user = await newUser("speaker");
    const token = await signInToken(user);
    expect(await readSession(token.sid)).toEqual({
      id: user.id,
      email: user.email,
      name: user.name,
      locale: null,
      timeZone: null,
    });
    expect(await readCookie(token)).toMatchObject({ id: user.id, locale: null });
    await setUserLocale(user.id, "pt-BR");
    expect(await readSession(token.sid)).toMatchObject({ id: user.id, locale: "pt-BR" });
    expect(await readCookie(token)).toMatchObject({ id: user.id, locale: "pt-BR" });
    // A value the admin does not speak (written by hand) reads as no choice: the browser's language.
    await db.current.prisma.user.update({ where: { id: user.id }, data: { locale: "fr" } });
    expect(await readSession(token.sid)).toMatchObject({ locale: null });
    // The zone chosen on the account page comes with it too (the admin's times follow it).
    await setUserTimeZone(user.id, "Asia/Tokyo");
    expect(await readSession(token.sid)).toMatchObject({ timeZone: "Asia/Tokyo" });
    expect(await readCookie(token)).toMatchObject({ timeZone: "Asia/Tokyo" });
  });

  it("ends every session of one user, but the one asked to keep, and no one else's", async () => {
    const user = await newUser("many");
    const other = await newUser("other");
    const [first, second, third] = [await startSession(user.id), await startSession(user.id), await startSession(user.id)];
    const theirs = await startSession(other.id);
    expect(await revokeUserSessions(user.id, { except: second })).toBe(2);
    expect(await readSession(first)).toBeNull();
    expect(await readSession(third)).toBeNull();
    expect(await readSession(second)).toMatchObject({ id: user.id });
    expect(await readSession(theirs)).toMatchObject({ id: other.id });
    await revokeSession(second);
    expect(await readSession(second)).toBeNull();
    expect(await revokeUserSessions(user.id)).toBe(0);
  });

  it("writes last-seen at most every few minutes, and forgets long-dead sessions at the next sign-in", async () => {
    const user = await newUser("seen");
    const start = new Date(Date.now() - 60 * 60 * 1000);
    const sid = await startSession(user.id, start);
    await readSession(sid, new Date(start.getTime() + 60 * 1000));
    const soon = await db.current.prisma.session.findUniqueOrThrow({ where: { id: sid } });
    expect(soon.lastSeenAt.getTime()).toBe(start.getTime());
    await readSession(sid, new Date(start.getTime() + 10 * 60 * 1000));
    const later = await db.current.prisma.session.findUniqueOrThrow({ where: { id: sid } });
    expect(later.lastSeenAt.getTime()).toBe(start.getTime() + 10 * 60 * 1000);

    const dead = await startSession(user.id, new Date(Date.now() - (SESSION_MAX_AGE_SECONDS + 60) * 1000));
    await startSession(user.id);
    expect(await db.current.prisma.session.count({ where: { id: dead } })).toBe(0);
    expect(await db.current.prisma.session.count({ where: { id: sid } })).toBe(1);
  });
});

describe("the redirect callback", () => {
  it("answers same-origin paths only", async () => {
    const redirect = authOptions().callbacks!.redirect!;
    const baseUrl = "http://localhost:3000";
    expect(await redirect({ url: "/w/acme/leads?q=x", baseUrl })).toBe("/w/acme/leads?q=x");
    expect(await redirect({ url: `${baseUrl}/w/acme`, baseUrl })).toBe("/w/acme");
    expect(await redirect({ url: `${baseUrl}//evil.example/`, baseUrl })).toBe("/");
    expect(await redirect({ url: "/\\evil.example/", baseUrl })).toBe("/");
    expect(await redirect({ url: "https://evil.example/", baseUrl })).toBe("/");
  });
});

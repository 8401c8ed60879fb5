import { RateLimiterRes } from "rate-limiter-flexible";
import { z } from "zod";
import { hashLinkToken, newLinkToken, sealToken } from "@/lib/auth/seal-token";
import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { mailEnabled } from "@/lib/mail/mail-config";
import { wakeOutbox } from "@/lib/outbox/wake";
import { processSingleton } from "@/lib/process-singleton";
import { createLimiter } from "@/lib/rate-limit/create-limiter";
import { hashPassword } from "@/lib/users/password";
import { EmailAddress, Password } from "@/lib/users/user-input";
import { parseInput } from "@/lib/validation/parse-input";
import { revokeUserSessions } from "./sessions";

/** How long a reset link works. */
export const RESET_TTL_MS = 60 * 60 * 1000;

/**
 * Reset requests allowed per hour. Per address: one client asking for many accounts is refused (it is told so:
 * that says nothing about any account). Per account: more emails are not sent, silently (the answer must not
 * depend on the email), so nobody can flood a person's inbox.
 */
export const RESET_LIMITS = {
  ip: { points: 20, duration: 60 * 60 },
  account: { points: 5, duration: 60 * 60 },
  /**
   * Attempts to use a reset link, per address: a person needs one or two; someone trying tokens or flooding the
   * password hash (about 20 ms of CPU each) is stopped after ten.
   */
  attempt: { points: 10, duration: 15 * 60 },
} as const;

type Limiter = ReturnType<typeof createLimiter>;
// Per database, like the sign-in limiters: the store (a pool, or memory in embedded mode) belongs to it.
const limitersByDatabase = processSingleton(
  "password-reset-limiters",
  () => new WeakMap<object, Partial<Record<keyof typeof RESET_LIMITS, Limiter>>>(),
);

async function consume(scope: keyof typeof RESET_LIMITS, key: string): Promise<number> {
  const database = await getDatabase();
  const limiters = limitersByDatabase.get(database) ?? {};
  limitersByDatabase.set(database, limiters);
  const limiter = limiters[scope] ?? createLimiter({ ...RESET_LIMITS[scope], keyPrefix: `reset_${scope}` }, database);
  limiters[scope] = limiter;
  try {
    await limiter.consume(key);
    return 0;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    log.warn({ err: rejection }, "password reset counters unavailable; not limiting");
    return 0;
  }
}

/**
 * "Forgot password?": when email is on and the address has an account, writes a reset (its token hashed, 1 hour)
 * and queues the email with the link. Answers the same whatever the address; only a client that asks too often
 * is refused (`too_many_attempts`).
 */
export async function requestPasswordReset(input: { email: string }, ip: string | null, now = new Date()): Promise<void> {
  const { email } = parseInput(z.object({ email: EmailAddress }), input, "email");
  const wait = ip ? await consume("ip", ip) : 0;
  if (wait > 0)
    throw new AppError("too_many_attempts", "Too many reset requests from here; try again later.", { retryAfter: wait });
  if (!mailEnabled())
    throw new AppError("email_not_configured", "Email is off: ask an admin of your workspace to set a new password.");
  const { prisma } = await getDatabase();
  const user = await prisma.user.findUnique({ where: { email }, select: { id: true } });
  if (!user || (await consume("account", email)) > 0) return;
  const { token, hash } = newLinkToken();
  await prisma.$transaction([
    prisma.passwordReset.create({
      data: { userId: user.id, tokenHash: hash, expiresAt: new Date(now.getTime() + RESET_TTL_MS) },
    }),
    prisma.emailMessage.create({ data: { kind: "password_reset", userId: user.id, sealedToken: sealToken(token) } }),
  ]);
  wakeOutbox();
}

/** Whether a reset link can still be used (the page shows the form or says it expired). */
export async function findPasswordReset(token: string, now = new Date()): Promise<{ email: string } | undefined> {
  if (typeof token !== "string" || token.length > 100) return undefined;
  const { prisma } = await getDatabase();
  const reset = await prisma.passwordReset.findFirst({
    where: { tokenHash: hashLinkToken(token), usedAt: null, expiresAt: { gt: now } },
    select: { user: { select: { email: true } } },
  });
  return reset ? { email: reset.user.email } : undefined;
}

function linkExpired(): AppError {
  return new AppError("link_expired", "This reset link has expired or was already used: ask for a new one.");
}

/**
 * Sets the password a reset link was sent for: once (claimed by a conditional update), before it expires. Every
 * session of the user ends, and the user's other reset links stop working. In order of cost: a client (`ip`)
 * past its attempts is refused (`too_many_attempts`), then an unknown, expired or used token (`link_expired`,
 * whatever the password), and only then is the password checked and hashed, so nobody without a live link can
 * make the server hash anything.
 */
export async function resetPassword(
  token: string,
  input: { password: string },
  ip: string | null,
  now = new Date(),
): Promise<{ email: string }> {
  const wait = ip ? await consume("attempt", ip) : 0;
  if (wait > 0)
    throw new AppError("too_many_attempts", "Too many password reset attempts from here; try again later.", {
      retryAfter: wait,
    });
  const tokenHash = hashLinkToken(String(token).slice(0, 100));
  const { prisma } = await getDatabase();
  const live = await prisma.passwordReset.count({ where: { tokenHash, usedAt: null, expiresAt: { gt: now } } });
  if (live !== 1) throw linkExpired();
  const { password } = parseInput(z.object({ password: Password }), input, "password");
  const passwordHash = await hashPassword(password);
  // Claimed again here: two submissions of one link may both have passed the look-up above.
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.passwordReset.updateMany({
      where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (count !== 1) throw linkExpired();
    const { userId } = await tx.passwordReset.findUniqueOrThrow({ where: { tokenHash }, select: { userId: true } });
    await tx.passwordReset.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
    const user = await tx.user.update({ where: { id: userId }, data: { passwordHash }, select: { email: true } });
    await revokeUserSessions(userId, { tx });
    return { email: user.email };
  });
}

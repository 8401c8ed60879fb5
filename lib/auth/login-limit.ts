import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import { type Database, getDatabase } from "@/lib/db/client";
import { log } from "@/lib/log";
import { processSingleton } from "@/lib/process-singleton";
import { createLimiter } from "@/lib/rate-limit/create-limiter";

/**
 * Failed sign-ins allowed per window. Per account: slows guessing one password from many addresses. Per
 * address: slows one address trying many accounts (password spraying), with room for an office behind one NAT.
 */
export const LOGIN_LIMITS = {
  account: { points: 10, duration: 15 * 60 },
  ip: { points: 50, duration: 60 * 60 },
} as const;

type Scope = keyof typeof LOGIN_LIMITS;

// The same store as the ingest limiter (lib/rate-limit/create-limiter.ts), keys prefixed per scope.
function createScopeLimiter(scope: Scope, database: Database): RateLimiterAbstract {
  return createLimiter({ ...LOGIN_LIMITS[scope], keyPrefix: `login_${scope}` }, database);
}

const limitersByDatabase = processSingleton("login-limiters", () => new WeakMap<Database, Record<Scope, RateLimiterAbstract>>());

async function limiters(): Promise<Record<Scope, RateLimiterAbstract>> {
  const database = await getDatabase();
  let found = limitersByDatabase.get(database);
  if (!found) {
    found = { account: createScopeLimiter("account", database), ip: createScopeLimiter("ip", database) };
    limitersByDatabase.set(database, found);
  }
  return found;
}

/** The counters an attempt is charged to; an unknown address (no proxy header, no socket) has none of its own. */
function keys(email: string, ip: string | null): [Scope, string][] {
  return ip
    ? [
        ["account", email],
        ["ip", ip],
      ]
    : [["account", email]];
}

/**
 * Seconds until `email` may try again from `ip`, or 0. Checked before the password, so a blocked
 * attacker costs no hashing and learns nothing. If the counter store fails, sign-in stays open (logged).
 */
export async function loginRetryAfter(email: string, ip: string | null): Promise<number> {
  try {
    const stores = await limiters();
    let wait = 0;
    for (const [scope, key] of keys(email, ip)) {
      const state = await stores[scope].get(key);
      if (state && state.consumedPoints >= LOGIN_LIMITS[scope].points)
        wait = Math.max(wait, Math.ceil(state.msBeforeNext / 1000));
    }
    return wait;
  } catch (error) {
    log.warn({ err: error }, "sign-in attempt counters unavailable; not limiting");
    return 0;
  }
}

/** Counts a failed sign-in against the account and the address. */
export async function recordLoginFailure(email: string, ip: string | null): Promise<void> {
  const stores = await limiters().catch(() => undefined);
  if (!stores) return;
  for (const [scope, key] of keys(email, ip)) {
    await stores[scope].consume(key).catch((rejection: unknown) => {
      // Beyond the limit is expected here (loginRetryAfter refuses the next attempt); anything else is the store.
      if (!(rejection instanceof RateLimiterRes)) log.warn({ err: rejection }, "could not count a failed sign-in");
    });
  }
}

/** A successful sign-in clears the account's failures (not the address's: one good password proves nothing of the others). */
export async function resetLoginFailures(email: string): Promise<void> {
  const stores = await limiters().catch(() => undefined);
  await stores?.account.delete(email).catch((error: unknown) => log.warn({ err: error }, "could not reset sign-in failures"));
}

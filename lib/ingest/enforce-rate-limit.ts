import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import { type Database, getDatabase } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { processSingleton } from "@/lib/process-singleton";
import { createLimiter } from "@/lib/rate-limit/create-limiter";
import { rateLimitSubject } from "@/lib/rate-limit/rate-limit-subject";
import { redisStore } from "@/lib/rate-limit/redis-store";
import { parseRate, type Rate } from "@/lib/validation/rate";

function linkLimiter(rate: Rate, database: Database): RateLimiterAbstract {
  // Once this process has seen a client over its limit, it refuses that client from memory until the
  // window ends: a flood past the limit costs no round trip to the shared store, let alone a write.
  return createLimiter(
    {
      points: rate.points,
      duration: rate.seconds,
      keyPrefix: `ingest_${rate.points}_${rate.seconds}`,
      inMemoryBlockOnConsumed: rate.points + 1,
    },
    database,
  );
}

// Per database, since the PostgreSQL store uses that database's pool.
const limitersByDatabase = processSingleton("rate-limiters", () => new WeakMap<Database, Map<string, RateLimiterAbstract>>());

/**
 * A 429. `logged` is true for the first refusal of a client in a window only: every request that reaches
 * a link is recorded, but a client that keeps hammering after its 429 would otherwise cost two writes
 * (submission and counters) per request, which is what the limit is there to prevent. The first one
 * tells the integrator that and when the limit was hit; the rest of the window costs no write but the
 * limiter's own counter.
 */
export class RateLimitedError extends AppError {
  readonly logged: boolean;

  constructor(message: string, retryAfter: number, logged: boolean) {
    super("rate_limited", message, { retryAfter });
    this.logged = logged;
  }
}

/** Whether a failed request is a repeated 429 that the submission log leaves out (see RateLimitedError). */
export function isUnloggedRateLimit(error: unknown): boolean {
  return error instanceof RateLimitedError && !error.logged;
}

/**
 * Counts one request of `clientIp` to a capture link against the link's limit (or INGEST_RATE_LIMIT), and
 * refuses it with 429 and Retry-After beyond it. In server mode the counters live in Redis (REDIS_URL) or
 * PostgreSQL, so every instance sees the same count; if that store fails, each instance falls back to
 * counting in memory rather than refusing everyone or no one.
 */
export async function enforceRateLimit(link: { id: string; rateLimit: string | null }, clientIp: string | null): Promise<void> {
  const rate = parseRate(link.rateLimit ?? env().INGEST_RATE_LIMIT);
  if (!rate) return;
  const database = await getDatabase();
  const name = `${rate.points}/${rate.seconds}`;
  let limiters = limitersByDatabase.get(database);
  if (!limiters) {
    limiters = new Map();
    limitersByDatabase.set(database, limiters);
  }
  let limiter = limiters.get(name);
  if (!limiter) {
    limiter = linkLimiter(rate, database);
    limiters.set(name, limiter);
  }
  const { REDIS_URL } = env();
  // A resolved promise once the first connection attempt is over: no wait on the hot path after that.
  if (REDIS_URL) await redisStore(REDIS_URL).connected;
  try {
    await limiter.consume(`${link.id}:${rateLimitSubject(clientIp)}`);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    // Whole seconds, at least 1: Retry-After takes no fractions, and 0 would invite an immediate retry.
    const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw new RateLimitedError(
      `Too many requests to this capture link from this client (limit ${rate.points} per ${rate.seconds} s). Retry in ${retryAfter} s.`,
      retryAfter,
      // The store counts atomically, so exactly one request of the window sees points + 1, across
      // instances; refusals from the in-memory block report 0.
      rejection.consumedPoints === rate.points + 1,
    );
  }
}

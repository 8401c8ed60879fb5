import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import { type Database, getDatabase } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { processSingleton } from "@/lib/process-singleton";
import { createLimiter } from "@/lib/rate-limit/create-limiter";
import { redisStore } from "@/lib/rate-limit/redis-store";
import { parseRate } from "@/lib/validation/rate";

// Per database and rate, like the ingest limiters: the PostgreSQL store uses that database's pool.
const limiters = processSingleton("api-rate-limiters", () => new WeakMap<Database, Map<string, RateLimiterAbstract>>());

/** What the caller is told of its budget (RateLimit-* headers), or nothing when API_RATE_LIMIT is off. */
export type RateBudget = Record<string, string>;

/**
 * Counts one request of an API key against API_RATE_LIMIT (default 600 per minute), shared by every
 * instance through Redis or PostgreSQL as the ingest limits are; 429 `rate_limited` with Retry-After beyond it.
 */
export async function enforceApiRateLimit(keyId: string): Promise<RateBudget> {
  const rate = parseRate(env().API_RATE_LIMIT);
  if (!rate) return {};
  const database = await getDatabase();
  let byRate = limiters.get(database);
  if (!byRate) {
    byRate = new Map();
    limiters.set(database, byRate);
  }
  const name = `${rate.points}/${rate.seconds}`;
  let limiter = byRate.get(name);
  if (!limiter) {
    limiter = createLimiter(
      { points: rate.points, duration: rate.seconds, keyPrefix: `api_${rate.points}_${rate.seconds}` },
      database,
    );
    byRate.set(name, limiter);
  }
  const { REDIS_URL } = env();
  if (REDIS_URL) await redisStore(REDIS_URL).connected;
  try {
    const consumed = await limiter.consume(keyId);
    return {
      "RateLimit-Limit": String(rate.points),
      "RateLimit-Remaining": String(consumed.remainingPoints),
      "RateLimit-Reset": String(Math.max(1, Math.ceil(consumed.msBeforeNext / 1000))),
    };
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw new AppError(
      "rate_limited",
      `Too many requests with this API key (limit ${rate.points} per ${rate.seconds} s). Retry in ${retryAfter} s.`,
      { retryAfter },
    );
  }
}

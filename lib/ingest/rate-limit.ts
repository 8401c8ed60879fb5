import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { type Database, getDatabase } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { processSingleton } from "@/lib/process-singleton";

export interface Rate {
  points: number;
  seconds: number;
}

const UNIT_SECONDS: Record<string, number> = { s: 1, sec: 1, second: 1, m: 60, min: 60, minute: 60, h: 3600, hour: 3600 };

/** "120/min" → 120 requests per 60 seconds; "off" → undefined. Settings are validated by lib/env.ts and lib/links. */
export function parseRate(setting: string): Rate | undefined {
  const match = /^\s*(\d+)\s*\/\s*([a-z]+)\s*$/i.exec(setting);
  if (!match) return undefined;
  const seconds = UNIT_SECONDS[match[2]!.toLowerCase()];
  const points = Number(match[1]);
  return seconds && points > 0 ? { points, seconds } : undefined;
}

/** The process's Redis connection (REDIS_URL); the sign-in limiter shares it. */
export function redisClient(url: string): Redis {
  return processSingleton(
    "redis",
    // Fail fast instead of queueing while Redis is away: the in-memory insurance limiter takes over.
    () => new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false }),
  );
}

function createLimiter(rate: Rate, database: Database): RateLimiterAbstract {
  const options = { points: rate.points, duration: rate.seconds, keyPrefix: `ingest_${rate.points}_${rate.seconds}` };
  const insurance = new RateLimiterMemory(options);
  const { REDIS_URL } = env();
  if (REDIS_URL) return new RateLimiterRedis({ ...options, storeClient: redisClient(REDIS_URL), insuranceLimiter: insurance });
  if (database.pool) {
    return new RateLimiterPostgres({
      ...options,
      storeClient: database.pool,
      storeType: "pool",
      tableName: "rate_limits",
      tableCreated: true,
      insuranceLimiter: insurance,
    });
  }
  // Embedded mode has a single process: memory is the shared store.
  return insurance;
}

// Per database, since the PostgreSQL store uses that database's pool.
const limitersByDatabase = processSingleton("rate-limiters", () => new WeakMap<Database, Map<string, RateLimiterAbstract>>());

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
    limiter = createLimiter(rate, database);
    limiters.set(name, limiter);
  }
  try {
    await limiter.consume(`${link.id}:${clientIp ?? "unknown"}`);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw new AppError(
      "rate_limited",
      `Too many requests to this capture link from this client (limit ${rate.points} per ${rate.seconds} s). Retry in ${retryAfter} s.`,
      { retryAfter },
    );
  }
}

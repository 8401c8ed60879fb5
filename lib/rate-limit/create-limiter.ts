import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis } from "rate-limiter-flexible";
import type { Database } from "@/lib/db/client";
import { env } from "@/lib/env";
import { redisStore } from "./redis-store";

export interface LimiterOptions {
  points: number;
  /** The window, in seconds. */
  duration: number;
  /** Keeps this limiter's keys apart from the others' in the shared store. */
  keyPrefix: string;
  /** Once a key has consumed this many points, this process refuses it from memory until the window ends. */
  inMemoryBlockOnConsumed?: number;
}

/**
 * A limiter whose counters every instance shares: Redis (REDIS_URL), else PostgreSQL's rate_limits table
 * (keys are prefixed, so every limiter shares it), else memory in embedded mode, which has one process.
 * Memory also insures against the shared store failing: each instance then counts on its own rather than
 * refusing everyone or no one.
 */
export function createLimiter(options: LimiterOptions, database: Database): RateLimiterAbstract {
  const insurance = new RateLimiterMemory({ points: options.points, duration: options.duration, keyPrefix: options.keyPrefix });
  const shared = { ...options, insuranceLimiter: insurance };
  const { REDIS_URL } = env();
  if (REDIS_URL) return new RateLimiterRedis({ ...shared, storeClient: redisStore(REDIS_URL).client });
  if (database.pool) {
    return new RateLimiterPostgres({
      ...shared,
      storeClient: database.pool,
      storeType: "pool",
      tableName: "rate_limits",
      tableCreated: true,
    });
  }
  return insurance;
}

import { isIPv6 } from "node:net";
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { type Database, getDatabase } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
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

interface RedisStore {
  client: Redis;
  /** Settles once the first connection attempt has: connected, failed, or taken too long. */
  connected: Promise<void>;
}

/** How long the first rate-limited requests of a process wait for Redis to connect. */
const REDIS_CONNECT_WAIT_MS = 2_000;

/** The process's Redis connection (REDIS_URL), shared by the ingest and sign-in limiters. */
export function redisStore(url: string): RedisStore {
  return processSingleton("redis", () => {
    // Fail fast instead of queueing while Redis is away: the in-memory insurance limiter takes over.
    const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
    let lastLogged = 0;
    client.on("error", (error: Error) => {
      // ioredis reports every reconnection attempt; once a minute is enough to tell the operator.
      if (Date.now() - lastLogged < 60_000) return;
      lastLogged = Date.now();
      log.warn({ err: error }, "Redis for rate limits is unreachable; each instance counts in memory until it is back");
    });
    // Without this wait, the requests of a fresh process that come before the connection is up would
    // all be counted by the in-memory insurance limiter, per process: a burst right after a deploy
    // could pass the limit once per instance.
    const connected = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, REDIS_CONNECT_WAIT_MS);
      const settle = () => {
        clearTimeout(timer);
        resolve();
      };
      client.once("ready", settle);
      client.once("error", settle);
    });
    return { client, connected };
  });
}

function createLimiter(rate: Rate, database: Database): RateLimiterAbstract {
  const options = { points: rate.points, duration: rate.seconds, keyPrefix: `ingest_${rate.points}_${rate.seconds}` };
  const insurance = new RateLimiterMemory(options);
  // Once this process has seen a client over its limit, it refuses that client from memory until the
  // window ends: a flood past the limit costs no round trip to the shared store, let alone a write.
  const shared = { ...options, inMemoryBlockOnConsumed: rate.points + 1, insuranceLimiter: insurance };
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
  // Embedded mode has a single process: memory is the shared store.
  return insurance;
}

// Per database, since the PostgreSQL store uses that database's pool.
const limitersByDatabase = processSingleton("rate-limiters", () => new WeakMap<Database, Map<string, RateLimiterAbstract>>());

/**
 * Whose bucket a request counts against. An IPv4 address is one client (a kiosk or an office behind NAT
 * shares it, hence a generous default). An IPv6 client usually holds a whole /64 (SLAAC, privacy
 * addresses), so it could take a fresh address per request: its bucket is the /64.
 */
export function rateLimitSubject(ip: string | null): string {
  if (!ip) return "unknown";
  return isIPv6(ip) ? ipv6Prefix64(ip) : ip;
}

function ipv6Prefix64(ip: string): string {
  let address = ip.split("%")[0]!.toLowerCase();
  // A dotted IPv4 tail ("64:ff9b::192.0.2.1") is the last 32 bits: two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    address = `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}

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
    limiter = createLimiter(rate, database);
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

import { Redis } from "ioredis";
import { log } from "@/lib/log";
import { processSingleton } from "@/lib/process-singleton";

export interface RedisStore {
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

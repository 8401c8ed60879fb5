import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "@/lib/db/client";
import { DatabaseUnavailableError, isDatabaseUnavailable } from "@/lib/db/errors";
import { createPostgresDatabase, testDatabaseKind } from "../support/database";

// The PostgreSQL pool when the database goes silent (its host vanished, connections half-open): a
// statement fails as "unavailable" once the pool's query timeout passes, the checkouts right after it
// fail at once instead of each waiting again, and the pool serves again once the database answers.
// The whole server going down under load is tests/e2e/hardening-database-faults.spec.ts.

/** A TCP relay to PostgreSQL that can stop relaying: the connections stay open and nothing answers. */
async function freezableRelay(target: URL): Promise<{ url: string; freeze(): void; thaw(): void; close(): Promise<void> }> {
  let frozen = false;
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const relay = (from: net.Socket, to: net.Socket) =>
    from.on("data", (chunk) => {
      // While frozen, bytes are dropped as a dead host would: nobody reads them, nobody answers.
      if (!frozen) to.write(chunk);
    });
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const pair = { client, upstream };
    pairs.add(pair);
    relay(client, upstream);
    relay(upstream, client);
    const close = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("close", close).on("error", close);
    upstream.on("close", close).on("error", close);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    freeze: () => (frozen = true),
    thaw: () => (frozen = false),
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function failure(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error("expected the statement to fail");
}

/** True when the error, or one it wraps, is the pool's fail-fast refusal (no attempt on the database). */
function failedFast(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if (current instanceof DatabaseUnavailableError) return true;
    if (/Database unavailable \(failing fast/.test((current as Error).message ?? "")) return true;
  }
  return false;
}

describe.skipIf(testDatabaseKind !== "postgres")("PostgreSQL pool under faults", () => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let relay: Awaited<ReturnType<typeof freezableRelay>>;
  let database: Database;

  beforeAll(async () => {
    created = await createPostgresDatabase();
    relay = await freezableRelay(new URL(created.url));
    database = await openDatabase({ kind: "postgres", url: relay.url, poolSize: 2 });
  });

  afterAll(async () => {
    await database?.close().catch(() => {});
    await relay?.close();
    await created?.drop();
  });

  it("fails a statement the database does not answer as unavailable, fails the next at once, and recovers", async () => {
    expect(await database.prisma.$queryRaw`SELECT 1 AS one`).toEqual([{ one: 1 }]);

    relay.freeze();
    const silent = await failure(database.prisma.$queryRaw`SELECT 2 AS two`);
    expect(isDatabaseUnavailable(silent), String(silent)).toBe(true);
    // The pool learnt the database is away: the next statements are refused without waiting again.
    const next = await failure(database.prisma.$queryRaw`SELECT 3 AS three`);
    expect(isDatabaseUnavailable(next)).toBe(true);
    expect(failedFast(next), String(next)).toBe(true);
    const direct = await failure(database.pool!.query("SELECT 4"));
    expect(direct).toBeInstanceOf(DatabaseUnavailableError);

    relay.thaw();
    await expect
      .poll(async () => database.prisma.$queryRaw`SELECT 5 AS five`.catch((error: unknown) => String(error)), {
        timeout: 15_000,
        interval: 200,
      })
      .toEqual([{ five: 5 }]);
  });

  it("fails a checkout against a server that accepts connections but never answers as unavailable", async () => {
    const mute = net.createServer(() => {});
    await new Promise<void>((resolve) => mute.listen(0, "127.0.0.1", resolve));
    const muted = await openDatabase({
      kind: "postgres",
      url: `postgres://postgres@127.0.0.1:${(mute.address() as net.AddressInfo).port}/postgres`,
      poolSize: 1,
    });
    try {
      const first = await failure(muted.prisma.$queryRaw`SELECT 1`);
      expect(isDatabaseUnavailable(first), String(first)).toBe(true);
      expect(failedFast(await failure(muted.prisma.$queryRaw`SELECT 1`))).toBe(true);
    } finally {
      await muted.close().catch(() => {});
      mute.close();
    }
  });
});

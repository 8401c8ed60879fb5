// Sign-in attempt limits (lib/auth/login-limit.ts) through authenticate(), the function next-auth's
// credentials provider calls with the request's headers: per account, per client address, reset on success.
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authenticate } from "@/lib/auth/auth-options";
import { LOGIN_LIMITS } from "@/lib/auth/login-limit";
import { tooManyAttemptsMessage } from "@/lib/auth/too-many-attempts";
import { resetEnv } from "@/lib/env";
import { testDatabaseKind, useTestDatabase } from "../support/database";
import { newUser } from "../support/tenants";

const db = useTestDatabase();
const PASSWORD = "quiet-otter-41"; // newUser's

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

let ips = 0;
/**
 * An address no other test of this file uses (the counters live as long as the file's process and database).
 * Counted, not drawn: a random one could repeat the address an earlier test sprayed into its limit.
 */
function newIp(): string {
  ips += 1;
  return `198.51.${Math.floor(ips / 254)}.${(ips % 254) + 1}`;
}

const from = (ip: string, extra: Record<string, string> = {}) => ({ "x-leadlink-remote-addr": ip, ...extra });

/** The error authenticate() rejects with, or undefined when it resolves. */
async function refusal(promise: Promise<unknown>): Promise<string | undefined> {
  return promise.then(
    () => undefined,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
}

describe("sign-in attempt limits", () => {
  it(`locks an account after ${LOGIN_LIMITS.account.points} wrong passwords, from any address, and says for how long`, async () => {
    const user = await newUser("locked");
    const other = await newUser("other");
    for (let attempt = 0; attempt < LOGIN_LIMITS.account.points; attempt++) {
      expect(await authenticate({ email: user.email, password: "wrong" }, from(newIp()))).toBeNull();
    }
    const refused = await refusal(authenticate({ email: user.email, password: PASSWORD }, from(newIp())));
    expect(refused).toMatch(/^TooManyAttempts:\d+$/);
    expect(tooManyAttemptsMessage(refused)).toBe("Too many attempts, try again in 15 minutes.");
    // The same account in other letters is the same account.
    expect(await refusal(authenticate({ email: ` ${user.email.toUpperCase()} `, password: PASSWORD }, from(newIp())))).toMatch(
      /^TooManyAttempts:/,
    );
    // Another account, from the same addresses, is untouched.
    expect(await authenticate({ email: other.email, password: PASSWORD }, from(newIp()))).toMatchObject({ id: other.id });
  });

  it("clears an account's failures when it signs in", async () => {
    const user = await newUser("reset");
    for (let round = 0; round < 2; round++) {
      for (let attempt = 0; attempt < LOGIN_LIMITS.account.points - 1; attempt++) {
        expect(await authenticate({ email: user.email, password: "wrong" }, from(newIp()))).toBeNull();
      }
      expect(await authenticate({ email: user.email, password: PASSWORD }, from(newIp()))).toMatchObject({ id: user.id });
    }
  });

  it(`refuses an address after ${LOGIN_LIMITS.ip.points} failures on any accounts; X-Forwarded-For does not help without TRUST_PROXY`, async () => {
    const user = await newUser("sprayed");
    const ip = newIp();
    for (let attempt = 0; attempt < LOGIN_LIMITS.ip.points; attempt++) {
      const email = `nobody-${attempt}-${randomBytes(3).toString("hex")}@example.com`;
      expect(await authenticate({ email, password: "guess" }, from(ip, { "x-forwarded-for": newIp() }))).toBeNull();
    }
    expect(
      await refusal(authenticate({ email: user.email, password: PASSWORD }, from(ip, { "x-forwarded-for": newIp() }))),
    ).toMatch(/^TooManyAttempts:\d+$/);
    expect(await authenticate({ email: user.email, password: PASSWORD }, from(newIp()))).toMatchObject({ id: user.id });
  });

  it("with TRUST_PROXY=1, counts per X-Forwarded-For client (the proxy's rightmost entry, whatever the client wrote before it), not per proxy", async () => {
    vi.stubEnv("TRUST_PROXY", "1");
    resetEnv();
    const proxy = newIp();
    const attacker = newIp();
    const user = await newUser("behind-proxy");
    for (let attempt = 0; attempt < LOGIN_LIMITS.ip.points; attempt++) {
      const email = `nobody-${attempt}-${randomBytes(3).toString("hex")}@example.com`;
      expect(
        await authenticate({ email, password: "guess" }, from(proxy, { "x-forwarded-for": `${newIp()}, ${attacker}` })),
      ).toBeNull();
    }
    expect(
      await refusal(authenticate({ email: user.email, password: PASSWORD }, from(proxy, { "x-forwarded-for": attacker }))),
    ).toMatch(/^TooManyAttempts:/);
    expect(
      await authenticate({ email: user.email, password: PASSWORD }, from(proxy, { "x-forwarded-for": newIp() })),
    ).toMatchObject({ id: user.id });
  });

  it("keeps the counters in the shared store in server mode", async () => {
    const user = await newUser("stored");
    expect(await authenticate({ email: user.email, password: "wrong" }, from(newIp()))).toBeNull();
    if (testDatabaseKind !== "postgres") return; // embedded mode is one process: memory is the store
    const rows = await db.current.prisma.$queryRaw<
      { key: string; points: number }[]
    >`SELECT key, points FROM rate_limits WHERE key = ${`login_account:${user.email}`}`;
    expect(rows).toEqual([{ key: `login_account:${user.email}`, points: 1 }]);
  });
});

describe("the sign-in form's message", () => {
  it.each([
    ["TooManyAttempts:900", "Too many attempts, try again in 15 minutes."],
    ["TooManyAttempts:61", "Too many attempts, try again in 2 minutes."],
    ["TooManyAttempts:5", "Too many attempts, try again in 1 minute."],
    ["CredentialsSignin", undefined],
    ["TooManyAttempts:<img>", undefined],
    [null, undefined],
  ])("%s → %s", (error, message) => {
    expect(tooManyAttemptsMessage(error)).toBe(message);
  });
});

// Issue 24 (security 7): a reset link is checked before the new password is (nothing is hashed for a dead link),
// and each client gets a limited number of reset attempts.
import "../support/next-request-globals";
import { describe, expect, it } from "vitest";
import { resetPasswordAction } from "@/app/(auth)/reset-password/[token]/actions";
import { RESET_LIMITS, resetPassword } from "@/lib/auth/password-reset";
import { newLinkToken } from "@/lib/auth/seal-token";
import { useTestDatabase } from "../support/database";
import { callAction } from "../support/server-action";
import { errorCode, newUser } from "../support/tenants";

const db = useTestDatabase();

const HOUR = 60 * 60 * 1000;
let nextAddress = 1;
/** A client address of its own for each test (TEST-NET-3), so their attempts never share a counter. */
const freshIp = () => `203.0.113.${100 + nextAddress++}`;

async function liveReset(): Promise<{ token: string; userId: string }> {
  const user = await newUser("reset");
  const { token, hash } = newLinkToken();
  await db.current.prisma.passwordReset.create({
    data: { userId: user.id, tokenHash: hash, expiresAt: new Date(Date.now() + HOUR) },
  });
  return { token, userId: user.id };
}

function form(password: string): FormData {
  const data = new FormData();
  data.set("password", password);
  return data;
}

describe("a password reset", () => {
  it("with an unknown, expired or used link says the link is dead, whatever the password", async () => {
    expect(await errorCode(resetPassword("no-such-token", { password: "12345678" }, null))).toBe("link_expired");
    expect(await errorCode(resetPassword("no-such-token", { password: "short" }, null))).toBe("link_expired");

    const { token, hash } = newLinkToken();
    const user = await newUser("expired");
    await db.current.prisma.passwordReset.create({
      data: { userId: user.id, tokenHash: hash, expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await errorCode(resetPassword(token, { password: "password" }, null))).toBe("link_expired");

    const used = await liveReset();
    await resetPassword(used.token, { password: "a rare reset" }, null);
    expect(await errorCode(resetPassword(used.token, { password: "12345678" }, null))).toBe("link_expired");
  });

  it("through the page's action: a dead link with a common password is answered about the link", async () => {
    const state = await callAction(null, () => resetPasswordAction("no-such-token", {}, form("12345678")), {
      acceptLanguage: "en",
      remoteAddress: freshIp(),
    });
    expect(state).toMatchObject({ code: "link_expired" });
    expect(state.ok).not.toBe(true);
    expect(state.fieldErrors?.password).toBeUndefined();
  });

  it(`refuses a client's attempt past ${RESET_LIMITS.attempt.points} in ${RESET_LIMITS.attempt.duration / 60} minutes, even with a live link`, async () => {
    const ip = freshIp();
    for (let i = 0; i < RESET_LIMITS.attempt.points; i++) {
      expect(await errorCode(resetPassword(`guess-${i}`, { password: "a rare reset" }, ip))).toBe("link_expired");
    }
    const live = await liveReset();
    expect(await errorCode(resetPassword(live.token, { password: "a rare reset" }, ip))).toBe("too_many_attempts");

    const refused = await callAction(null, () => resetPasswordAction(live.token, {}, form("a rare reset")), {
      acceptLanguage: "pt-BR",
      remoteAddress: ip,
    });
    expect(refused).toMatchObject({ code: "too_many_attempts" });
    expect(refused.message).toMatch(/Tentativas demais/);

    // Another client is not held back, and the link still works.
    await resetPassword(live.token, { password: "a rare reset" }, freshIp());
  });
});

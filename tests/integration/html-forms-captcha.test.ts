// Issue 15 (DESIGN.md section 11): captcha per link, verified server-side against the provider (here a local
// fake verifier through CAPTCHA_VERIFY_URL) before anything of the lead is written.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { resetEnv } from "@/lib/env";
import { useTestDatabase } from "../support/database";
import { type FakeVerifier, startFakeVerifier } from "../support/fake-captcha-verifier";
import { formLink, linkSubmissions, postUrlencoded, redirectTarget } from "../support/form-posts";
import { bodyOf, expectProblem, postText, uniqueEmail } from "../support/ingest-helpers";
import { fieldErrors } from "../support/tenants";

const db = useTestDatabase();
let verifier: FakeVerifier;

beforeAll(async () => {
  verifier = await startFakeVerifier();
  vi.stubEnv("INGEST_RATE_LIMIT", "off");
  vi.stubEnv("CAPTCHA_VERIFY_URL", verifier.url);
  // Long enough for a cold first request on a busy machine, short enough for the timeout cases.
  vi.stubEnv("CAPTCHA_VERIFY_TIMEOUT_MS", "1500");
  resetEnv();
});

afterAll(async () => {
  vi.unstubAllEnvs();
  resetEnv();
  await verifier.close();
});

beforeEach(() => {
  verifier.received.length = 0;
  verifier.setMode({ kind: "answer", body: { success: true } });
});

const JSON_ACCEPT = { accept: "application/json" };

function leadCount(workspaceId: string) {
  return db.current.prisma.lead.count({ where: { workspaceId } });
}

describe("captcha settings", () => {
  it("need a secret with a provider, a known provider and a score from 0 to 1", async () => {
    expect(await fieldErrors(formLink({ captchaProvider: "turnstile" }))).toEqual({
      captchaSecret: "required",
      captchaSiteKey: "required",
    });
    expect(
      await fieldErrors(formLink({ captchaProvider: "friendlycaptcha", captchaSecret: "s", captchaSiteKey: "site-key" })),
    ).toHaveProperty("captchaProvider");
    expect(
      await fieldErrors(
        formLink({ captchaProvider: "recaptcha", captchaSecret: "s", captchaSiteKey: "k", captchaMinScore: 1.5 }),
      ),
    ).toHaveProperty("captchaMinScore");
  });

  it("are never shown with the secret", async () => {
    const { link } = await formLink({ captchaProvider: "hcaptcha", captchaSecret: "top-secret", captchaSiteKey: "site-key" });
    expect(JSON.stringify(link)).not.toContain("top-secret");
    expect(link).toMatchObject({ captchaProvider: "hcaptcha" });
  });
});

describe("a link with a captcha", () => {
  it.each([
    ["turnstile", "cf-turnstile-response"],
    ["hcaptcha", "h-captcha-response"],
    ["recaptcha", "g-recaptcha-response"],
  ] as const)("%s: posts secret, response and remoteip to the verifier; a pass creates the lead", async (provider, key) => {
    verifier.setMode({ kind: "answer", body: { success: true, score: 0.9 } });
    const { workspace, link, token } = await formLink({
      captchaProvider: provider,
      captchaSecret: `secret-${provider}`,
      captchaSiteKey: "site-key",
    });
    const response = await postUrlencoded(token, [
      ["email", uniqueEmail()],
      [key, "token-from-widget"],
    ]);
    expect(response.status).toBe(303);
    expect(redirectTarget(response).pathname).toBe("/forms/thanks");
    expect(verifier.received).toEqual([{ secret: `secret-${provider}`, response: "token-from-widget" }]);
    expect(await leadCount(workspace.id)).toBe(1);
    // The token is no lead field: not warned about as an unknown one.
    const [entry] = await linkSubmissions(db.current, link.id);
    expect(entry).toMatchObject({ outcome: "created", warnings: [] });
  });

  it("sends the client's address as remoteip when it is known", async () => {
    vi.stubEnv("TRUST_PROXY", "1");
    resetEnv();
    try {
      const { token } = await formLink({ captchaProvider: "turnstile", captchaSecret: "s", captchaSiteKey: "site-key" });
      const response = await postText(token, JSON.stringify({ email: uniqueEmail(), captchaToken: "t" }), {
        "x-forwarded-for": "203.0.113.9",
      });
      expect(response.status).toBe(201);
      expect(verifier.received).toEqual([{ secret: "s", response: "t", remoteip: "203.0.113.9" }]);
    } finally {
      vi.stubEnv("TRUST_PROXY", "");
      resetEnv();
    }
  });

  it("takes captchaToken from a JSON body", async () => {
    const { workspace, token } = await formLink({ captchaProvider: "hcaptcha", captchaSecret: "s", captchaSiteKey: "site-key" });
    const response = await postText(token, JSON.stringify({ email: uniqueEmail(), captchaToken: "json-token" }));
    expect(response.status).toBe(201);
    expect((await bodyOf(response)).warnings).toEqual([]);
    expect(verifier.received[0]).toMatchObject({ response: "json-token" });
    expect(await leadCount(workspace.id)).toBe(1);
  });

  it("refuses a missing token with 422 captcha_failed without asking the provider, and logs it", async () => {
    const { workspace, link, token } = await formLink({
      captchaProvider: "turnstile",
      captchaSecret: "s",
      captchaSiteKey: "site-key",
    });
    const problem = await expectProblem(
      await postUrlencoded(token, [["email", uniqueEmail()]], JSON_ACCEPT),
      422,
      "captcha_failed",
    );
    expect(problem.errors).toEqual([expect.objectContaining({ field: "captcha", code: "missing" })]);
    expect(verifier.received).toEqual([]);
    expect(await leadCount(workspace.id)).toBe(0);
    expect(await linkSubmissions(db.current, link.id)).toMatchObject([
      { outcome: "rejected", errorCode: "captcha_failed", status: 422 },
    ]);
  });

  it("refuses a token the provider refuses; a browser lands on the error page with error=captcha_failed", async () => {
    verifier.setMode({ kind: "answer", body: { success: false, "error-codes": ["invalid-input-response"] } });
    const { workspace, link, token } = await formLink({
      captchaProvider: "turnstile",
      captchaSecret: "s",
      captchaSiteKey: "site-key",
    });
    const json = await expectProblem(
      await postText(token, JSON.stringify({ email: uniqueEmail(), captchaToken: "bad" })),
      422,
      "captcha_failed",
    );
    expect(json.detail).toContain("invalid-input-response");
    const browser = await postUrlencoded(token, [
      ["email", uniqueEmail()],
      ["cf-turnstile-response", "bad"],
    ]);
    expect(browser.status).toBe(303);
    expect(redirectTarget(browser).searchParams.get("error")).toBe("captcha_failed");
    expect(redirectTarget(browser).searchParams.get("fields")).toBe("captcha");
    expect(await leadCount(workspace.id)).toBe(0);
    expect((await linkSubmissions(db.current, link.id)).map((entry) => entry.errorCode)).toEqual([
      "captcha_failed",
      "captcha_failed",
    ]);
  });

  it("reCAPTCHA v3: refuses a score below the link's threshold, accepts one at or above it", async () => {
    const { workspace, token } = await formLink({
      captchaProvider: "recaptcha",
      captchaSecret: "s",
      captchaSiteKey: "k",
      captchaMinScore: 0.7,
    });
    verifier.setMode({ kind: "answer", body: { success: true, score: 0.3, action: "submit" } });
    const low = await expectProblem(
      await postText(token, JSON.stringify({ email: uniqueEmail(), captchaToken: "t" })),
      422,
      "captcha_failed",
    );
    expect(low.errors).toEqual([expect.objectContaining({ code: "low_score" })]);
    verifier.setMode({ kind: "answer", body: { success: true, score: 0.7 } });
    expect((await postText(token, JSON.stringify({ email: uniqueEmail(), captchaToken: "t" }))).status).toBe(201);
    expect(await leadCount(workspace.id)).toBe(1);
  });

  it.each([
    ["times out", { kind: "hang" } as const],
    ["answers 502", { kind: "status", status: 502 } as const],
    ["answers something else than JSON", { kind: "not-json" } as const],
  ])("answers 503 captcha_unavailable with Retry-After when the provider %s; nothing is stored", async (_label, mode) => {
    verifier.setMode(mode);
    const { workspace, link, token } = await formLink({
      captchaProvider: "turnstile",
      captchaSecret: "s",
      captchaSiteKey: "site-key",
    });
    const response = await postText(token, JSON.stringify({ email: uniqueEmail(), captchaToken: "t" }));
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    await expectProblem(response, 503, "captcha_unavailable");
    expect(await leadCount(workspace.id)).toBe(0);
    expect(await linkSubmissions(db.current, link.id)).toMatchObject([{ outcome: "rejected", errorCode: "captcha_unavailable" }]);
  });

  it("accepts and marks the lead when the provider is down and the link says so", async () => {
    verifier.setMode({ kind: "hang" });
    const { workspace, link, token } = await formLink({
      captchaProvider: "turnstile",
      captchaSecret: "s",
      captchaSiteKey: "site-key",
      captchaAcceptOnOutage: true,
    });
    const response = await postText(token, JSON.stringify({ email: uniqueEmail(), captchaToken: "t" }));
    expect(response.status).toBe(201);
    expect((await bodyOf(response)).warnings).toEqual([
      expect.objectContaining({ field: "captcha", code: "captcha_unverified" }),
    ]);
    expect(await leadCount(workspace.id)).toBe(1);
    expect(await linkSubmissions(db.current, link.id)).toMatchObject([
      { outcome: "created", warnings: [expect.objectContaining({ code: "captcha_unverified" })] },
    ]);
  });

  it("does not ask the provider again for a retry with the same Idempotency-Key (its token is spent)", async () => {
    const { token } = await formLink({ captchaProvider: "turnstile", captchaSecret: "s", captchaSiteKey: "site-key" });
    const email = uniqueEmail();
    const first = await postText(token, JSON.stringify({ email, captchaToken: "t1" }), { "idempotency-key": "k1" });
    expect(first.status).toBe(201);
    verifier.setMode({ kind: "answer", body: { success: false, "error-codes": ["timeout-or-duplicate"] } });
    const retry = await postText(token, JSON.stringify({ email, captchaToken: "t2" }), { "idempotency-key": "k1" });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(verifier.received).toHaveLength(1);
  });
});

// DESIGN.md section 12: the hosted form of a link with a captcha. The page gets the provider's widget (its site
// key, the provider), and the form's post carries the widget's token to the existing verification
// (checkCaptcha), here against a local fake verifier through CAPTCHA_VERIFY_URL. The browser side (the widget
// itself, the CSP): tests/e2e/hosted-form-pages.spec.ts.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { loadHostedForm } from "@/lib/capture/hosted-form/load-hosted-form";
import { submitHostedForm } from "@/lib/capture/hosted-form/submit-hosted-form";
import { resetEnv } from "@/lib/env";
import { createLink } from "@/lib/links/create-link";
import { updateLinkSettings } from "@/lib/links/update-link-settings";
import { useTestDatabase } from "../support/database";
import { type FakeVerifier, startFakeVerifier } from "../support/fake-captcha-verifier";
import { uniqueEmail } from "../support/ingest-helpers";
import { fieldErrors, newTenant } from "../support/tenants";

const db = useTestDatabase();
let verifier: FakeVerifier;

beforeAll(async () => {
  verifier = await startFakeVerifier();
  vi.stubEnv("INGEST_RATE_LIMIT", "off");
  vi.stubEnv("CAPTCHA_VERIFY_URL", verifier.url);
  resetEnv();
});

afterAll(async () => {
  vi.unstubAllEnvs();
  resetEnv();
  await verifier.close();
});

const VISITOR = new Headers({ "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1" });

async function captchaLink(provider: "turnstile" | "hcaptcha" | "recaptcha") {
  const { workspace } = await newTenant("Captcha");
  const link = await createLink(workspace.id, {
    name: "Bio",
    captchaProvider: provider,
    captchaSecret: `secret-${provider}`,
    captchaSiteKey: `site-${provider}`,
  });
  invalidateCaptureLinks();
  const form = await loadHostedForm(db.current, link.token);
  return { workspace, link, form: form! };
}

describe("the hosted form of a link with a captcha", () => {
  it.each([
    ["turnstile", "cf-turnstile-response"],
    ["hcaptcha", "h-captcha-response"],
    ["recaptcha", "g-recaptcha-response"],
  ] as const)(
    "%s: the page gets the widget; the widget's %s reaches the provider; refused, then sent",
    async (provider, field) => {
      const { workspace, form } = await captchaLink(provider);
      expect(form.captcha).toEqual({ provider, siteKey: `site-${provider}` });
      const email = uniqueEmail("captcha");

      verifier.setMode({ kind: "answer", body: { success: false, "error-codes": ["invalid-input-response"] } });
      const refused = await submitHostedForm(
        form,
        [
          ["email", email],
          [field, "spent-token"],
        ],
        VISITOR,
      );
      expect(refused).toEqual({
        state: {
          status: "refused",
          code: "captcha_failed",
          problem: form.words.problemOf("captcha_failed"),
          // The failed check is the problem itself, not a field to correct; what was typed is kept, not the token.
          errors: [],
          values: { email: [email] },
        },
      });
      expect(verifier.received.at(-1)).toMatchObject({ secret: `secret-${provider}`, response: "spent-token" });
      expect(await db.current.prisma.lead.count({ where: { workspaceId: workspace.id } })).toBe(0);

      verifier.setMode({ kind: "answer", body: { success: true, score: 0.9 } });
      const sent = await submitHostedForm(
        form,
        [
          ["email", email],
          [field, "good-token"],
        ],
        VISITOR,
      );
      expect(sent).toEqual({ state: { status: "sent", message: form.successMessage } });
      expect(verifier.received.at(-1)).toMatchObject({ response: "good-token" });
      expect(await db.current.prisma.lead.count({ where: { workspaceId: workspace.id } })).toBe(1);
    },
  );

  it("a post without the widget's token (JavaScript off) is refused without asking the provider", async () => {
    const { form } = await captchaLink("turnstile");
    const before = verifier.received.length;
    const outcome = await submitHostedForm(form, [["email", uniqueEmail()]], VISITOR);
    expect(outcome).toMatchObject({ state: { status: "refused", code: "captcha_failed" } });
    expect(verifier.received.length).toBe(before);
  });
});

describe("the captcha's site key in the link's settings", () => {
  it("is required with a provider, public, and forgotten with the provider", async () => {
    const { workspace } = await newTenant("Keys");
    expect(
      await fieldErrors(createLink(workspace.id, { name: "No key", captchaProvider: "hcaptcha", captchaSecret: "s" })),
    ).toEqual({ captchaSiteKey: "required" });
    expect(
      await fieldErrors(
        createLink(workspace.id, {
          name: "Bad key",
          captchaProvider: "hcaptcha",
          captchaSecret: "s",
          captchaSiteKey: '"><script>',
        }),
      ),
    ).toEqual({ captchaSiteKey: "invalid_site_key" });
    const link = await createLink(workspace.id, {
      name: "Bio",
      captchaProvider: "hcaptcha",
      captchaSecret: "s",
      captchaSiteKey: "k-1",
    });
    expect(link).toMatchObject({ captchaSiteKey: "k-1" });
    expect(await fieldErrors(updateLinkSettings(workspace.id, link.id, { captchaSiteKey: null }))).toEqual({
      captchaSiteKey: "required",
    });
    const off = await updateLinkSettings(workspace.id, link.id, {
      captchaProvider: null,
      captchaSecret: null,
      captchaSiteKey: null,
    });
    expect(off).toMatchObject({ captchaProvider: null, captchaSiteKey: null });
    expect((await loadHostedForm(db.current, link.token))!.captcha).toBeNull();
  });

  it("is changed only in the caller's workspace", async () => {
    const a = await newTenant("Mine");
    const b = await newTenant("Theirs");
    const link = await createLink(a.workspace.id, {
      name: "Bio",
      captchaProvider: "turnstile",
      captchaSecret: "s",
      captchaSiteKey: "k-1",
    });
    await expect(updateLinkSettings(b.workspace.id, link.id, { captchaSiteKey: "k-2" })).rejects.toMatchObject({
      code: "capture_link_not_found",
    });
    const stored = await db.current.prisma.captureLink.findUniqueOrThrow({ where: { id: link.id } });
    expect(stored.captchaSiteKey).toBe("k-1");
  });
});

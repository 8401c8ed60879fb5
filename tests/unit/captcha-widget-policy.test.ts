// DESIGN.md section 12: the hosted form loads no asset from another host except the link's captcha widget. The
// page's Content-Security-Policy gets exactly that provider's origins, in the directives its widget uses.
import { describe, expect, it } from "vitest";
import { policyWithWidget, WIDGET_ORIGINS, widgetScriptUrl } from "@/lib/capture/captcha/captcha-widget";
import { contentSecurityPolicy } from "@/lib/http/security-headers";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

describe("policyWithWidget", () => {
  it.each(["turnstile", "hcaptcha", "recaptcha"] as const)("allows %s's origins and no other provider's", (provider) => {
    const base = contentSecurityPolicy("abc123");
    const widened = directives(policyWithWidget(base, provider));
    const others = Object.entries(WIDGET_ORIGINS)
      .filter(([name]) => name !== provider)
      .flatMap(([, origins]) => origins);
    for (const name of ["script-src", "frame-src", "connect-src", "style-src"]) {
      expect(widened.get(name)).toEqual(expect.arrayContaining([...WIDGET_ORIGINS[provider]]));
      for (const other of others) expect(widened.get(name)).not.toContain(other);
    }
    // The rest is the admin's policy unchanged: the nonce, strict-dynamic, nothing for images or objects.
    expect(widened.get("script-src")).toEqual(expect.arrayContaining(["'self'", "'nonce-abc123'", "'strict-dynamic'"]));
    expect(widened.get("frame-src")![0]).toBe("'self'");
    expect(widened.get("img-src")).toEqual(directives(base).get("img-src"));
    expect(widened.get("object-src")).toEqual(["'none'"]);
    expect(widened.get("frame-ancestors")).toEqual(["'none'"]);
  });

  it("each widget's script is on its provider's origins", () => {
    for (const provider of ["turnstile", "hcaptcha", "recaptcha"] as const) {
      const script = new URL(widgetScriptUrl(provider, "site-key", "pt-BR"));
      const allowed = WIDGET_ORIGINS[provider].some(
        (origin) => origin === script.origin || (origin.includes("*.") && script.host.endsWith(origin.split("*.")[1]!)),
      );
      expect(allowed, script.href).toBe(true);
    }
  });
});

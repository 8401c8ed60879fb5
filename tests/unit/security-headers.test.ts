import path from "node:path";
import { pathToFileURL } from "node:url";
import type { NextConfig } from "next";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce, securityHeaders } from "@/lib/http/security-headers";
import { config as proxyConfig } from "@/proxy";

const directive = (csp: string, name: string) => csp.split("; ").find((part) => part.startsWith(`${name} `));

describe("security headers", () => {
  it("allow only nonced scripts and what they load; no framing, plugins, base or foreign form targets", () => {
    const csp = contentSecurityPolicy("abc123");
    expect(directive(csp, "script-src")).toBe("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(directive(csp, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive(csp, "object-src")).toBe("object-src 'none'");
    expect(directive(csp, "base-uri")).toBe("base-uri 'none'");
    expect(directive(csp, "form-action")).toBe("form-action 'self'");
    expect(contentSecurityPolicy("n", { development: true })).toContain("'unsafe-eval'");
  });

  it("come with nosniff, a referrer policy, DENY framing and a permissions policy", () => {
    expect(securityHeaders("n")).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
    });
    expect(securityHeaders("n")["Permissions-Policy"]).toContain("camera=()");
  });

  it("use a fresh 128-bit nonce per response", () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});

describe("proxy.ts", () => {
  it.each([
    "/",
    "/signin",
    "/setup",
    "/w/acme",
    "/w/acme/leads/export",
    "/problems/invalid_json",
    "/api/auth/csrf",
    "/no-such-page",
  ])("runs for %s", (url) => {
    expect(unstable_doesMiddlewareMatch({ config: proxyConfig, url })).toBe(true);
  });

  it.each(["/ingest/cl_abc", "/api/health", "/api/bench/noop", "/_next/static/chunks/app.js", "/favicon.ico"])(
    "stays off the hot path and static files: %s",
    (url) => {
      expect(unstable_doesMiddlewareMatch({ config: proxyConfig, url })).toBe(false);
    },
  );
});

describe("server actions", () => {
  it("accept no origin but the app's own: allowedOrigins is not opened up", async () => {
    const file = pathToFileURL(path.join(import.meta.dirname, "../../next.config.mjs")).href;
    const nextConfig = ((await import(file)) as { default: NextConfig }).default;
    expect(nextConfig.experimental?.serverActions?.allowedOrigins).toBeUndefined();
  });
});

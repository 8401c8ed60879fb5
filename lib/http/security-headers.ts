/**
 * The security headers of every admin page and asset (proxy.ts). The Content-Security-Policy allows only
 * scripts carrying this response's nonce, and scripts those load ('strict-dynamic'): Next.js puts the nonce
 * on its own scripts when it finds it in the request's CSP header, so an injected <script> or inline event
 * handler never runs. Styles keep 'unsafe-inline': Next.js's built-in pages (the default 404) use style
 * attributes, which a nonce cannot cover; CSS cannot run script.
 */
export function contentSecurityPolicy(nonce: string, options: { development?: boolean } = {}): string {
  return [
    "default-src 'self'",
    // 'unsafe-eval' only for `next dev` (React's dev tooling); never in production.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function securityHeaders(nonce: string, options: { development?: boolean } = {}): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(nonce, options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // frame-ancestors for browsers that predate it.
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
}

/** A fresh nonce per response: 128 random bits, base64. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

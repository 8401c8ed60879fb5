/**
 * Where sign-in may send the browser afterwards: a path on this site, never another site. Shared by
 * next-auth's redirect callback, the sign-in page and its form, hence free of server imports.
 */

// Any origin works for resolving a path: only paths that stay on it are kept.
const BASE = "http://leadlink.invalid";

/**
 * `value` as a same-origin path ("/w/acme/leads?q=ana"), or undefined when it could lead anywhere else.
 * Accepts a path, or an absolute URL on `origin` (next-auth's client sends the page's full address).
 * Refuses other origins, protocol-relative paths (`//evil.example`, `/\evil.example`, also percent-encoded
 * or hidden behind tabs and newlines, which URL parsers drop), backslashes, control characters and
 * non-http schemes such as `javascript:`.
 */
export function safeCallbackPath(value: unknown, origin?: string): string | undefined {
  if (typeof value !== "string" || value === "" || value.length > 2048) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  let path = value;
  if (!value.startsWith("/")) {
    if (!origin) return undefined;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return undefined;
    }
    if (url.origin !== new URL(origin).origin) return undefined;
    path = `${url.pathname}${url.search}${url.hash}`;
  }
  if (!isPlainPath(path)) return undefined;
  let resolved: URL;
  try {
    resolved = new URL(path, BASE);
  } catch {
    return undefined;
  }
  if (resolved.origin !== BASE) return undefined;
  const result = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  return isPlainPath(result) ? result : undefined;
}

/**
 * One leading slash, and not two in any disguise: in the path (not the query), `%2F`, `%5C` and their
 * double encodings count as the characters they encode.
 */
function isPlainPath(path: string): boolean {
  let decoded = path.split(/[?#]/, 1)[0]!;
  for (let round = 0; round < 3; round++) {
    if (!decoded.startsWith("/") || /^\/[/\\]/.test(decoded) || decoded.includes("\\")) return false;
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return false;
    }
    if (next === decoded) return true;
    decoded = next;
  }
  return false;
}

/** The sign-in page's address for someone who was going to `path` (a same-origin path). */
export function signInPath(path: string | undefined): string {
  const safe = safeCallbackPath(path);
  return safe && safe !== "/" ? `/signin?${new URLSearchParams({ callbackUrl: safe })}` : "/signin";
}

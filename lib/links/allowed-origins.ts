/**
 * The origins a capture link accepts browser requests from. Stored normalised, as browsers send the
 * Origin header: "scheme://host[:port]", lower case, punycode, no default port, no path. A leading "*."
 * label allows every subdomain at any depth ("https://*.example.com" allows https://a.b.example.com,
 * not https://example.com itself).
 */

export type NormalisedOrigin = { ok: true; origin: string; wildcard: boolean } | { ok: false; message: string };

const WILDCARD = /^(https?):\/\/\*\.(.*)$/i;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

function failure(value: string, problem: string): NormalisedOrigin {
  return { ok: false, message: `"${value}" ${problem}` };
}

export function normaliseOrigin(input: string): NormalisedOrigin {
  const value = input.trim();
  if (value === "") return { ok: false, message: "must not be empty" };
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return failure(value, "needs a scheme, like https://example.com");

  const wildcard = WILDCARD.exec(value);
  const target = wildcard ? `${wildcard[1]}://${wildcard[2]}` : value;
  if (target.includes("*")) return failure(value, 'may use "*" only as a whole first label, like https://*.example.com');

  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return failure(value, "is not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return failure(value, "must use http or https");
  if (url.username || url.password) return failure(value, "must not contain a user name or password");
  if (!url.hostname) return failure(value, "has no host");

  if (!wildcard) return { ok: true, origin: url.origin, wildcard: false };

  // "*.com" would let any site through: a wildcard needs a domain under it (or localhost, for development).
  const host = url.hostname;
  if (host.startsWith("[") || IPV4.test(host)) return failure(value, "cannot use a wildcard on an IP address");
  if (!host.includes(".") && host !== "localhost")
    return failure(value, "needs a domain under the wildcard, like https://*.example.com");
  return { ok: true, origin: `${url.protocol}//*.${url.host}`, wildcard: true };
}

function matches(allowed: string, origin: string): boolean {
  if (allowed === origin) return true;
  const star = allowed.indexOf("://*.");
  if (star < 0) return false;
  const scheme = allowed.slice(0, star + 3);
  const suffix = allowed.slice(star + 4);
  return origin.length > scheme.length + suffix.length && origin.startsWith(scheme) && origin.endsWith(suffix);
}

/**
 * Whether the Origin header `origin` matches a link's allowed origins (normalised, as stored).
 * An empty list allows everything. Against a non-empty list, a missing origin and the opaque "null"
 * origin (sandboxed frames, files) match nothing; whether a request without an Origin header (a server,
 * curl) may post at all is the ingest route's decision, not this function's.
 */
export function originAllowed(origin: string | null | undefined, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  if (!origin || origin === "null" || origin.includes("*")) return false;
  // Browsers already send origins in normal form, so the common case needs no URL parsing.
  if (allowed.includes(origin)) return true;
  const normalised = normaliseOrigin(origin);
  return normalised.ok && allowed.some((entry) => matches(entry, normalised.origin));
}

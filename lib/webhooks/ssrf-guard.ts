import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

// ipaddr.js's names for the ranges a webhook may not reach (DESIGN.md section 7, SSRF): loopback, RFC 1918,
// fc00::/7, link-local (169.254.0.0/16 with the cloud metadata address, fe80::/10), unspecified; and their
// kin that reach the same hosts (carrier-grade NAT, broadcast, reserved, multicast).
const FORBIDDEN_RANGES = new Set([
  "unspecified",
  "loopback",
  "private",
  "uniqueLocal",
  "linkLocal",
  "carrierGradeNat",
  "broadcast",
  "reserved",
  "multicast",
]);

/** The IPv4 address an IPv6 one stands for: IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::/96) or 6to4 (2002::/16). */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const words = address.parts;
  const fromWords = (high = 0, low = 0) => new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  if (address.range() === "rfc6052") return fromWords(words[6], words[7]);
  if (address.range() === "6to4") return fromWords(words[1], words[2]);
  return undefined;
}

function privateNetworksAllowed(): boolean {
  return env().WEBHOOK_ALLOW_PRIVATE_NETWORKS;
}

/** True when the address is one a webhook may not reach. IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as its IPv4. */
export function isForbiddenAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6") parsed = embeddedIPv4(parsed as ipaddr.IPv6) ?? parsed;
  return FORBIDDEN_RANGES.has(parsed.range());
}

function hostOf(url: URL): string {
  // URL keeps the brackets of an IPv6 literal.
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

function refused(host: string, address?: string): AppError {
  const where = address && address !== host ? `${host} (${address})` : host;
  return new AppError(
    "webhook_url_forbidden",
    `${where} is a loopback, private, link-local or unspecified address; webhooks may only reach public hosts (WEBHOOK_ALLOW_PRIVATE_NETWORKS=1 allows internal ones).`,
  );
}

/**
 * Refuses, when an endpoint is saved, a URL whose host is or resolves to an address a webhook may not reach.
 * A name that does not resolve now is accepted: it is checked again at every connection (lookupPublicAddress).
 */
export async function assertPublicUrl(url: string): Promise<void> {
  if (privateNetworksAllowed()) return;
  const host = hostOf(new URL(url));
  if (net.isIP(host)) {
    if (isForbiddenAddress(host)) throw refused(host);
    return;
  }
  if (host === "localhost" || host.endsWith(".localhost")) throw refused(host);
  const addresses = await dns.promises.lookup(host, { all: true }).catch(() => []);
  const bad = addresses.find((entry) => isForbiddenAddress(entry.address));
  if (bad) throw refused(host, bad.address);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request: resolves the name itself and hands the socket only checked addresses, so a
 * name that resolved to a public address when saved and to 127.0.0.1 now (DNS rebinding) is refused.
 * (Node calls no lookup for an IP literal: connectionAddressError checks those.)
 */
export function lookupPublicAddress(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "");
    const list = addresses as dns.LookupAddress[];
    const allowed = privateNetworksAllowed() ? list : list.filter((entry) => !isForbiddenAddress(entry.address));
    if (allowed.length === 0) {
      const blocked = refused(hostname, list[0]?.address) as AppError & NodeJS.ErrnoException;
      return callback(blocked, "");
    }
    if (options.all) return callback(null, allowed);
    const [first] = allowed as [dns.LookupAddress];
    callback(null, first.address, first.family);
  });
}

/** The refusal for a URL whose host is a forbidden IP literal (or `localhost`), checked before connecting; else undefined. */
export function connectionAddressError(url: URL): AppError | undefined {
  if (privateNetworksAllowed()) return undefined;
  const host = hostOf(url);
  if (net.isIP(host)) return isForbiddenAddress(host) ? refused(host) : undefined;
  return undefined;
}

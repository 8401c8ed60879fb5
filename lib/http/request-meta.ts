import { isIP } from "node:net";
import { env } from "@/lib/env";

/** Set by scripts/server.mjs from the socket (any incoming value is discarded there). */
export const REMOTE_ADDRESS_HEADER = "x-leadlink-remote-addr";

const MAX_HEADER = 1_000;

function header(request: Request, name: string): string | null {
  const value = request.headers.get(name);
  return value ? value.slice(0, MAX_HEADER) : null;
}

function cleanIp(value: string | null | undefined): string | null {
  const ip = value?.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  return ip && isIP(ip) ? ip : null;
}

/**
 * The address a proxy in front appended to X-Forwarded-For: the rightmost entry. Each proxy appends the
 * peer it saw, so everything left of that entry came from the client, who can write any list it likes
 * (a spoofed "1.2.3.4, " in front changes nothing here). With several proxies in a row (a CDN, then a
 * load balancer) the rightmost entry is the proxy before the last one; have the outermost proxy set
 * the header instead of appending to it, or strip it at the edge.
 */
function forwardedFor(headers: Headers): string | null {
  const header = headers.get("x-forwarded-for");
  if (!header) return null;
  // Several X-Forwarded-For header lines arrive joined by ", ", in order: the last entry is still the proxy's.
  const last = header.slice(header.lastIndexOf(",") + 1);
  // Some proxies add the peer's port: "[2001:db8::1]:443", "203.0.113.7:443".
  return cleanIp(last.trim().replace(/^\[([^\]]+)\](?::\d+)?$|^(\d+\.\d+\.\d+\.\d+):\d+$/, "$1$2"));
}

/**
 * The client's address: from X-Forwarded-For only when TRUST_PROXY=1 (a proxy in front sets it), else
 * from the socket; a client could write any X-Forwarded-For it likes.
 */
export function clientIp(request: Request): string | null {
  return clientIpOf(request.headers);
}

/** clientIp for callers that hold only the headers (next-auth's authorize). */
export function clientIpOf(headers: Headers): string | null {
  if (env().TRUST_PROXY) {
    const forwarded = forwardedFor(headers);
    if (forwarded) return forwarded;
  }
  return cleanIp(headers.get(REMOTE_ADDRESS_HEADER));
}

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
  origin: string | null;
  referer: string | null;
  idempotencyKey: string | null;
}

export function requestMeta(request: Request): RequestMeta {
  return {
    ip: clientIp(request),
    userAgent: header(request, "user-agent"),
    origin: header(request, "origin"),
    referer: header(request, "referer"),
    idempotencyKey: request.headers.get("idempotency-key")?.trim() || null,
  };
}

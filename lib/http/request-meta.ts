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
  const ip = value?.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  return ip && isIP(ip) ? ip : null;
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
    const forwarded = cleanIp(headers.get("x-forwarded-for")?.split(",")[0]);
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

import http from "node:http";
import https from "node:https";
import { connectionAddressError, lookupPublicAddress } from "@/lib/webhooks/ssrf-guard";

/** The largest logo served: a form's logo is a small picture, not a poster. */
export const MAX_LOGO_BYTES = 1_000_000;
const FETCH_TIMEOUT_MS = 5_000;

/** Raster images only: an SVG is a document that can carry script, so it is refused. */
const RASTER_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export type LogoType = (typeof RASTER_TYPES)[number];

export type FetchedLogo = { ok: true; type: LogoType; bytes: Buffer } | { ok: false; reason: string };

/** The type the bytes are, by their signature; the server's Content-Type must agree with it. */
function sniff(bytes: Buffer): LogoType | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  const head = bytes.subarray(0, 6).toString("latin1");
  if (head === "GIF87a" || head === "GIF89a") return "image/gif";
  if (bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP")
    return "image/webp";
  return undefined;
}

/**
 * Fetches a form's logo on the server (DESIGN.md section 12: the visitor's browser loads nothing from another
 * host): one GET, no redirect followed, public addresses only unless WEBHOOK_ALLOW_PRIVATE_NETWORKS (the name
 * is resolved and checked at connect time, as for webhooks: lib/webhooks/ssrf-guard.ts), at most
 * MAX_LOGO_BYTES, and a PNG, JPEG, GIF or WebP whose bytes are what its Content-Type says.
 */
export function fetchLogo(address: string): Promise<FetchedLogo> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return Promise.resolve({ ok: false, reason: "not a URL" });
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return Promise.resolve({ ok: false, reason: "not http(s)" });
  const blocked = connectionAddressError(url);
  if (blocked) return Promise.resolve({ ok: false, reason: blocked.message });
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: FetchedLogo) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outgoing.destroy();
      resolve(result);
    };
    const transport = url.protocol === "https:" ? https : http;
    const outgoing = transport.request(url, {
      method: "GET",
      headers: { accept: RASTER_TYPES.join(", "), "user-agent": "Leadlink-Logo/1" },
      lookup: lookupPublicAddress as never,
    });
    const timer = setTimeout(() => finish({ ok: false, reason: `no answer within ${FETCH_TIMEOUT_MS} ms` }), FETCH_TIMEOUT_MS);
    outgoing.on("error", (error) => finish({ ok: false, reason: error.message }));
    outgoing.on("response", (answer) => {
      const status = answer.statusCode ?? 0;
      if (status !== 200) return finish({ ok: false, reason: `HTTP ${status}` });
      const declared = (answer.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
      if (!(RASTER_TYPES as readonly string[]).includes(declared)) {
        return finish({ ok: false, reason: `type ${declared || "(none)"} is not a PNG, JPEG, GIF or WebP image` });
      }
      if (Number(answer.headers["content-length"] ?? 0) > MAX_LOGO_BYTES) {
        return finish({ ok: false, reason: `larger than ${MAX_LOGO_BYTES} bytes` });
      }
      const chunks: Buffer[] = [];
      let size = 0;
      answer.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_LOGO_BYTES) return finish({ ok: false, reason: `larger than ${MAX_LOGO_BYTES} bytes` });
        chunks.push(chunk);
      });
      answer.on("error", (error) => finish({ ok: false, reason: error.message }));
      answer.on("end", () => {
        const bytes = Buffer.concat(chunks);
        const type = sniff(bytes);
        if (type !== declared) return finish({ ok: false, reason: `the bytes are not a ${declared}` });
        finish({ ok: true, type, bytes });
      });
    });
    outgoing.end();
  });
}

import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "@/lib/errors";

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

/**
 * Meta's `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body, keyed with the app secret>`. Checked over
 * the bytes as received (Meta escapes non-ASCII characters; a re-serialised body would not match), compared in
 * constant time. Missing, malformed or different: 403 invalid_signature, and nothing is queued.
 */
export function verifyMetaSignature(header: string | null, body: Uint8Array, appSecret: string): void {
  if (!appSecret) {
    throw new AppError("invalid_signature", "This link has no Meta app secret saved, so no request to it can be verified.");
  }
  const match = header ? SIGNATURE.exec(header.trim()) : null;
  if (!match) {
    throw new AppError("invalid_signature", "The request has no X-Hub-Signature-256 header of the form sha256=<hex>.");
  }
  const expected = createHmac("sha256", appSecret).update(body).digest();
  const sent = Buffer.from(match[1]!, "hex");
  if (!timingSafeEqual(expected, sent)) {
    throw new AppError(
      "invalid_signature",
      "The X-Hub-Signature-256 header does not match the body signed with the app secret saved on this link.",
    );
  }
}

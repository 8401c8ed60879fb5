import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "@/lib/errors";
import type { MappingPreset } from "./presets";

/** The header each signing platform sends, and how its value is written. */
const SCHEMES = {
  // Typeform: `Typeform-Signature: sha256=<base64 HMAC-SHA256 of the raw body>` (developers.typeform.com, "Secure your webhooks").
  typeform: { header: "typeform-signature", prefix: "sha256=" },
  // Tally: `Tally-Signature: <base64 HMAC-SHA256 of the raw body>` (tally.so/help/webhooks, "Add a signing secret").
  tally: { header: "tally-signature", prefix: "" },
} as const;

function refused(detail: string): AppError {
  return new AppError("invalid_signature", detail);
}

/**
 * Checks the platform's signature of the raw body with the link's signing secret: missing or wrong is 403
 * invalid_signature. The comparison takes the same time whatever the bytes (timingSafeEqual on digests).
 */
export function verifySignature(
  scheme: NonNullable<MappingPreset["signature"]>,
  secret: string,
  headers: Headers,
  rawBody: Uint8Array,
): void {
  const { header, prefix } = SCHEMES[scheme];
  const sent = headers.get(header)?.trim();
  if (!sent) throw refused(`The request has no ${header} header; this link checks the platform's signature.`);
  if (!sent.startsWith(prefix)) throw refused(`The ${header} header is not of the form ${prefix}<base64 HMAC-SHA256>.`);
  const expected = createHmac("sha256", secret).update(rawBody).digest();
  const given = Buffer.from(sent.slice(prefix.length), "base64");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw refused(`The ${header} header does not match the body signed with the link's signing secret.`);
  }
}

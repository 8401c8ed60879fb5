import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { authSecret } from "./auth-secret";

/**
 * A link token waits in the email outbox until it is sent. The database keeps only its SHA-256 (to find the
 * invitation or reset) and, in the outbox row, the token encrypted with a key derived from AUTH_SECRET
 * (AES-256-GCM), so a copy of the database alone does not hand out working links.
 */
function key(): Buffer {
  return Buffer.from(hkdfSync("sha256", authSecret(), "leadlink", "email-link-token", 32));
}

export function sealToken(token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const sealed = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString("base64url")).join(".");
}

export function openToken(sealed: string): string {
  const [iv, tag, data] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !data) throw new Error("malformed sealed token");
  const decipher = createDecipheriv("aes-256-gcm", key(), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
}

/** A new link token (256 bits) and the hash stored to find it. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

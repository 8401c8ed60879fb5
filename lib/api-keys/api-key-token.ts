import { createHash, randomBytes } from "node:crypto";

export const API_KEY_PREFIX = "llk_";
/** 24 random bytes, base64url: 192 bits in 32 URL-safe characters. */
const RANDOM_BYTES = 24;
export const API_KEY_PATTERN = /^llk_[A-Za-z0-9_-]{32}$/;

/** A new API key token: "llk_" + 192 random bits, base64url. Shown once; only its hash is stored. */
export function generateApiKeyToken(): string {
  return `${API_KEY_PREFIX}${randomBytes(RANDOM_BYTES).toString("base64url")}`;
}

/**
 * The stored form of a token. SHA-256 without salt or stretching: those protect low-entropy passwords
 * from guessing, and 192 random bits cannot be guessed; a fast hash keeps each API request's look-up cheap.
 */
export function hashApiKeyToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** What the key list shows of a token: enough to tell keys apart, far too little to use. */
export function apiKeyTokenPrefix(token: string): string {
  return token.slice(0, API_KEY_PREFIX.length + 4);
}

import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const LINK_TOKEN_PREFIX = "cl_";
export const LINK_TOKEN_LENGTH = 22;
/** 22 characters of log2(62) bits each. */
export const LINK_TOKEN_BITS = LINK_TOKEN_LENGTH * Math.log2(ALPHABET.length);
/** A token, unanchored: for patterns that hold one (a capture URL's path). */
export const LINK_TOKEN_SOURCE = `${LINK_TOKEN_PREFIX}[0-9A-Za-z]{${LINK_TOKEN_LENGTH}}`;
export const LINK_TOKEN_PATTERN = new RegExp(`^${LINK_TOKEN_SOURCE}$`);

// The largest multiple of 62 that fits in a byte: bytes at or above it are discarded, because mapping
// all 256 values onto 62 characters would make the first 8 characters more likely than the rest.
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

/**
 * A new capture link token: "cl_" + 22 base62 characters (131 random bits), URL-safe.
 * `random` is injectable so tests can check the rejection sampling on chosen bytes.
 */
export function generateLinkToken(random: (size: number) => Uint8Array = randomBytes): string {
  let token = LINK_TOKEN_PREFIX;
  while (token.length < LINK_TOKEN_PREFIX.length + LINK_TOKEN_LENGTH) {
    // 32 bytes almost always suffice: each byte is kept with probability 248/256.
    for (const byte of random(32)) {
      if (byte >= UNBIASED_LIMIT) continue;
      token += ALPHABET[byte % ALPHABET.length];
      if (token.length === LINK_TOKEN_PREFIX.length + LINK_TOKEN_LENGTH) break;
    }
  }
  return token;
}

export function isLinkToken(value: string): boolean {
  return LINK_TOKEN_PATTERN.test(value);
}

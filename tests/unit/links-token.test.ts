import { describe, expect, it } from "vitest";
import { generateLinkToken, isLinkToken, LINK_TOKEN_BITS, LINK_TOKEN_PATTERN } from "@/lib/links/link-token";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A random source that hands out the given bytes, then zeros. */
function scripted(bytes: number[]): (size: number) => Uint8Array {
  let position = 0;
  return (size) => {
    const chunk = new Uint8Array(size);
    for (let i = 0; i < size; i++) chunk[i] = bytes[position++] ?? 0;
    return chunk;
  };
}

describe("generateLinkToken", () => {
  it('is "cl_" and 22 base62 characters, carrying at least 128 random bits', () => {
    for (let i = 0; i < 1000; i++) expect(generateLinkToken()).toMatch(LINK_TOKEN_PATTERN);
    expect(LINK_TOKEN_BITS).toBeGreaterThanOrEqual(128);
  });

  it("never repeats", () => {
    const tokens = new Set(Array.from({ length: 20_000 }, () => generateLinkToken()));
    expect(tokens.size).toBe(20_000);
  });

  it("discards the bytes that would make some characters likelier than others (248 to 255)", () => {
    const bytes = [248, 0, 255, 61, 62, 247, 250, 123, ...Array.from({ length: 20 }, (_, i) => i + 1)];
    const token = generateLinkToken(scripted(bytes));
    const expected = [0, 61, 62, 247, 123, ...Array.from({ length: 17 }, (_, i) => i + 1)]
      .map((byte) => ALPHABET[byte % 62])
      .join("");
    expect(token).toBe(`cl_${expected}`);
  });

  it("asks for more bytes when a batch is mostly discarded", () => {
    const token = generateLinkToken(scripted([...Array(32).fill(255), ...Array(22).fill(10)]));
    expect(token).toBe(`cl_${"A".repeat(22)}`);
  });

  it("uses every character about equally often", () => {
    const counts = new Map<string, number>();
    const tokens = 20_000;
    for (let i = 0; i < tokens; i++) {
      for (const char of generateLinkToken().slice(3)) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect(counts.size).toBe(62);
    const expected = (tokens * 22) / 62;
    // Chi-squared with 61 degrees of freedom: above 130 happens by chance about once in a million runs;
    // a modulo bias (the first 8 characters 25 % likelier) gives about 2,900.
    const chiSquared = [...counts.values()].reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    expect(chiSquared).toBeLessThan(130);
  });
});

describe("isLinkToken", () => {
  it("accepts only the token format", () => {
    expect(isLinkToken(generateLinkToken())).toBe(true);
    expect(isLinkToken("cl_short")).toBe(false);
    expect(isLinkToken(`cl_${"a".repeat(21)}-`)).toBe(false);
    expect(isLinkToken(`xx_${"a".repeat(22)}`)).toBe(false);
  });
});

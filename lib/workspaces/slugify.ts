// Letters that Unicode does not decompose into a base letter plus accents, so NFKD alone would drop them.
const LIGATURES: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };

export const SLUG_MAX_LENGTH = 63;

/**
 * A URL slug derived from a name: lower case, accents removed, every run of other characters turned into "-".
 * "Clínica São João" becomes "clinica-sao-joao". May be "" for a name without Latin letters or digits.
 */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => LIGATURES[letter] ?? "-")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, "");
}

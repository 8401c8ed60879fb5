/** How long a key may be (lib/validation/key-name.ts). */
const MAX_KEY_LENGTH = 64;

/**
 * The key the new-field form proposes for a label: what KeyName accepts and a sender can type without
 * thinking: accents dropped, lower case, anything else between words becomes one `_` ("Funcionários" ->
 * `funcionarios`, "Área de atuação" -> `area_de_atuacao`); a label that starts with a digit gets a leading `_`.
 */
export function suggestFieldKey(label: string): string {
  const key = label
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return (/^[0-9]/.test(key) ? `_${key}` : key).slice(0, MAX_KEY_LENGTH).replace(/_+$/, "");
}

/** Brazilian tax documents with computed check digits, for tests (no dependency on the code under test). */

function checkDigit(values: number[], weights: number[]): number {
  const sum = values.reduce((total, value, index) => total + value * weights[index]!, 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** A CPF with valid check digits from its 9 base digits. */
export function cpf(base: string): string {
  const digits = [...base].map(Number);
  const first = checkDigit(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit([...digits, first], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${base}${first}${second}`;
}

/**
 * A CNPJ with valid check digits from its 12 base characters (digits or, since July 2026, upper-case
 * letters): each character counts as its ASCII code minus 48, with the weights of the numeric CNPJ.
 */
export function cnpj(base: string): string {
  const values = [...base.toUpperCase()].map((char) => char.charCodeAt(0) - 48);
  const first = checkDigit(values, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit([...values, first], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${base}${first}${second}`;
}

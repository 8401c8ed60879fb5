/**
 * A text cell made safe to open in a spreadsheet: Excel, LibreOffice and Google Sheets run a cell that
 * starts with = + - @ (or a tab or carriage return, which they skip before looking) as a formula, so a lead
 * named =HYPERLINK(…) could run in the marketer's spreadsheet. A leading apostrophe makes it text (OWASP).
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

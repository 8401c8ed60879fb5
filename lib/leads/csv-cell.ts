/** A plain number ("-12", "+3.5", "-0,75", "1e3"): a spreadsheet reads it as that number, never as a formula. */
const PLAIN_NUMBER = /^[+-]?(\d+([.,]\d+)?|[.,]\d+)([eE][+-]?\d+)?$/;
/** A phone as people and tools write it ("+5511987654321", "+55 11 98765-4321", "+1 (415) 555-0123"). */
const PHONE = /^\+\d[\d ().-]{5,}\d$/;

/**
 * A text cell made safe to open in a spreadsheet: Excel, LibreOffice and Google Sheets run a cell that
 * starts with = + - @ (or a tab or carriage return, which they skip before looking) as a formula, so a lead
 * named =HYPERLINK(…) could run in the marketer's spreadsheet. A leading apostrophe makes it text (OWASP).
 * A plain number ("-5") or a phone ("+55 11 98765-4321") calls no function and refers to no cell, so it is
 * left as it is (DESIGN.md section 13): an apostrophe there would corrupt the value for tools.
 */
export function neutraliseFormula(value: string): string {
  if (!/^[=+\-@\t\r]/.test(value)) return value;
  return PLAIN_NUMBER.test(value) || PHONE.test(value) ? value : `'${value}`;
}

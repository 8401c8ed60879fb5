import { parsePhoneNumberFromString } from "libphonenumber-js";

// The one place a stored phone (canonical E.164 digits, "5511987654321") becomes text: the leads table,
// the lead page and the CSV export all come through here.

/**
 * A phone for people to read: the international format with the country's own grouping, and its last
 * group joined the way the country's national format joins it (Brazil and North America write
 * "98765-4321", "555-0123"): "+55 11 98765-4321", "+1 415 555-0123", "+44 20 7946 0958".
 * Digits libphonenumber cannot place are shown as "+<digits>".
 */
export function formatPhone(digits: string): string {
  const phone = parsePhoneNumberFromString(`+${digits}`);
  if (!phone) return `+${digits}`;
  const international = phone.formatInternational();
  const national = phone.formatNational();
  const lastGroup = /(\d+)$/.exec(international)?.[1];
  if (lastGroup && national.endsWith(`-${lastGroup}`) && international.endsWith(` ${lastGroup}`)) {
    return `${international.slice(0, -lastGroup.length - 1)}-${lastGroup}`;
  }
  return international;
}

/**
 * A phone for machines: E.164 with its "+" ("+5511987654321"), as CRMs, messaging APIs and spreadsheets'
 * phone columns import it; unambiguous, with no formatting to strip.
 */
export function phoneE164(digits: string): string {
  return `+${digits}`;
}

/** A `tel:` URI for the phone. */
export function phoneHref(digits: string): string {
  return `tel:${phoneE164(digits)}`;
}

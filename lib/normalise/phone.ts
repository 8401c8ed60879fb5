import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/max";
import { invalid, type Normalised, valid } from "./result";

const PUNCTUATION = /[\s().-]/g;

/**
 * A phone in its canonical form: E.164 digits with the country code, no "+".
 * Spaces, parentheses, dashes, dots and a leading "+" are stripped; 8 to 15 digits must remain.
 * A number without "+" is read in the workspace's country, so "11987654321", "+55 (11) 98765-4321" and
 * "5511987654321" are one phone in Brazil. A national (trunk) prefix is dropped wherever libphonenumber
 * knows the country's, with or without the country code: "+55 011 98765-4321" and "011 98765-4321" too.
 */
export function normalisePhone(input: string | number, country: string): Normalised<string> {
  if (typeof input === "number" && !(Number.isSafeInteger(input) && input > 0)) {
    return invalid("invalid_phone", "must be 8 to 15 digits");
  }
  const text = String(input).replace(PUNCTUATION, "");
  const international = text.startsWith("+");
  const digits = international ? text.slice(1) : text;
  if (!/^\d{8,15}$/.test(digits)) return invalid("invalid_phone", "must be 8 to 15 digits, optionally with a leading +");
  return valid(canonicalPhone(digits, international, country as CountryCode));
}

function canonicalPhone(digits: string, international: boolean, country: CountryCode): string {
  const fits = (candidate: string | undefined) => candidate !== undefined && /^\d{8,15}$/.test(candidate);
  const e164 = (number: ReturnType<typeof parsePhoneNumberFromString>) => number?.number.slice(1);

  // libphonenumber strips a national (trunk) prefix written after the country code as well:
  // "+55 011 98765-4321" and "+44 (0)20 7946 0958" are the numbers without that 0.
  const withCode = () => parsePhoneNumberFromString(`+${digits}`);
  if (international) {
    const number = withCode();
    return number?.isValid() && fits(e164(number)) ? e164(number)! : digits;
  }
  // Read in the workspace's country first, trunk prefix included ("011 98765-4321" in Brazil).
  const national = parsePhoneNumberFromString(digits, country);
  if (national?.isValid() && fits(e164(national))) return e164(national)!;
  // Sent with its country code but without "+", maybe from another country than the workspace's.
  const coded = withCode();
  if (coded?.isValid() && fits(e164(coded))) return e164(coded)!;
  // Not a number libphonenumber knows: keep the digits, prefixed with the country code when that fits.
  if (national?.isPossible() && fits(e164(national))) return e164(national)!;
  return digits;
}

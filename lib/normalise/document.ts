import { isValidCnpj, isValidCpf } from "@brazilian-utils/brazilian-utils";
import { invalid, type Normalised, valid } from "./result";

/**
 * A CPF (11 digits) or CNPJ (14 characters: numeric, or the alphanumeric format in force since July 2026)
 * with valid check digits. ".", "/" and "-" are stripped and letters upper-cased.
 */
export function normaliseDocument(input: string): Normalised<string> {
  const document = input.replace(/[./-]/g, "").toUpperCase();
  if (/^\d{11}$/.test(document)) {
    return isValidCpf(document) ? valid(document) : invalid("invalid_document", "is not a valid CPF (check digits do not match)");
  }
  if (/^[0-9A-Z]{12}\d{2}$/.test(document)) {
    return isValidCnpj(document, { version: 2 })
      ? valid(document)
      : invalid("invalid_document", "is not a valid CNPJ (check digits do not match)");
  }
  return invalid("invalid_document", "must be a CPF (11 digits) or a CNPJ (14 characters)");
}

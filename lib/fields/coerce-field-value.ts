import { parseCalendarDate } from "@/lib/normalise/date";
import { labelKey } from "@/lib/normalise/label-key";
import { absent, invalid, type Normalised, valid } from "@/lib/normalise/result";
import { checkText, describeType, excerpt, MAX_CUSTOM_TEXT } from "@/lib/normalise/text";
import type { CustomFieldDefinition } from "./custom-field";

export type FieldValue = string | number | boolean;

const TRUE_WORDS = new Set(["true", "1", "yes", "y", "on", "sim", "s", "verdadeiro"]);
const FALSE_WORDS = new Set(["false", "0", "no", "n", "off", "nao", "não", "falso"]);
const NUMERIC = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$/;

function wrongType(expected: string, input: unknown): Normalised<never> {
  return invalid("invalid_type", `must be ${expected}, not ${describeType(input)}`);
}

/**
 * A request's value for a custom field, checked against the field's type.
 * null and "" mean "not sent". Numbers and booleans may arrive as strings (form posts send nothing else).
 */
export function coerceFieldValue(field: CustomFieldDefinition, input: unknown): Normalised<FieldValue> {
  if (input === null || input === undefined) return absent;
  if (typeof input === "string") {
    const text = checkText(input, MAX_CUSTOM_TEXT);
    if (!text.ok || text.value === undefined) return text;
    input = text.value;
  }

  switch (field.type) {
    case "text":
      if (typeof input === "string") return valid(input);
      if (typeof input === "number" && Number.isFinite(input)) return valid(String(input));
      if (typeof input === "boolean") return valid(String(input));
      return wrongType("a string", input);

    case "number": {
      if (typeof input === "number")
        return Number.isFinite(input) ? valid(input) : invalid("invalid_number", "must be a finite number");
      if (typeof input !== "string") return wrongType("a number", input);
      if (!NUMERIC.test(input)) return invalid("invalid_number", `must be a number, got "${excerpt(input)}"`);
      const number = Number(input.replace(",", "."));
      return Number.isFinite(number) ? valid(number) : invalid("invalid_number", "must be a finite number");
    }

    case "date": {
      if (typeof input !== "string") return wrongType("a date string (YYYY-MM-DD)", input);
      const date = parseCalendarDate(input);
      return date ? valid(date) : invalid("invalid_date", "must be a real calendar date in the form YYYY-MM-DD");
    }

    case "boolean": {
      if (typeof input === "boolean") return valid(input);
      if (input === 1 || input === 0) return valid(input === 1);
      if (typeof input !== "string") return wrongType("a boolean", input);
      const word = input.toLowerCase();
      if (TRUE_WORDS.has(word)) return valid(true);
      if (FALSE_WORDS.has(word)) return valid(false);
      return invalid("invalid_boolean", `must be true or false, got "${excerpt(input)}"`);
    }

    case "select": {
      if (typeof input === "number" && Number.isFinite(input)) input = String(input);
      if (typeof input !== "string") return wrongType("one of the field's options", input);
      const key = labelKey(input);
      const option = field.options.find((candidate) => labelKey(candidate) === key);
      return option !== undefined
        ? valid(option)
        : invalid("invalid_option", `must be one of: ${field.options.map((o) => JSON.stringify(o)).join(", ")}`);
    }
  }
}

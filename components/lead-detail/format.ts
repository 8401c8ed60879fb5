import type { Prisma } from "@/lib/db/generated/client";
import type { FieldType } from "@/lib/fields/custom-field";
import { formatDay } from "@/lib/time/format-time";

/** A CPF or CNPJ with its usual punctuation. */
export function formatDocument(document: string): string {
  if (/^\d{11}$/.test(document)) return document.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4");
  if (/^[0-9A-Z]{12}\d{2}$/.test(document)) return document.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, "$1.$2.$3/$4-$5");
  return document;
}

/** A calendar date (a birthday, a date field) in the viewer's language. */
export function formatDate(day: string, locale: string): string {
  return formatDay(day, locale, { year: "numeric", month: "long", day: "numeric" });
}

/** A custom field's value for reading; values that are not what the type expects are shown as stored. */
export function formatCustomValue(
  type: FieldType | null,
  value: Prisma.JsonValue,
  locale: string,
  words: { yes: string; no: string } = { yes: "Yes", no: "No" },
): string {
  if (value === null) return "—";
  if (type === "boolean" && typeof value === "boolean") return value ? words.yes : words.no;
  if (type === "date" && typeof value === "string") return formatDate(value, locale);
  if (type === "number" && typeof value === "number") return value.toLocaleString(locale, { maximumFractionDigits: 20 });
  return typeof value === "string" ? value : JSON.stringify(value);
}

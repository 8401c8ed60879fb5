import { parsePhoneNumberFromString } from "libphonenumber-js";
import type { Prisma } from "@/lib/db/generated/client";
import type { FieldType } from "@/lib/fields/custom-field";

/** Canonical E.164 digits as people write them (+55 11 98765 4321); the digits as stored when unknown. */
export function formatPhone(digits: string): string {
  return parsePhoneNumberFromString(`+${digits}`)?.formatInternational() ?? `+${digits}`;
}

/** A CPF or CNPJ with its usual punctuation. */
export function formatDocument(document: string): string {
  if (/^\d{11}$/.test(document)) return document.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4");
  if (/^[0-9A-Z]{12}\d{2}$/.test(document)) return document.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, "$1.$2.$3/$4-$5");
  return document;
}

export function formatDate(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : date.toLocaleDateString("en", { timeZone: "UTC", year: "numeric", month: "long", day: "numeric" });
}

/** A custom field's value for reading; values that are not what the type expects are shown as stored. */
export function formatCustomValue(type: FieldType | null, value: Prisma.JsonValue): string {
  if (value === null) return "—";
  if (type === "boolean" && typeof value === "boolean") return value ? "Yes" : "No";
  if (type === "date" && typeof value === "string") return formatDate(value);
  if (type === "number" && typeof value === "number") return value.toLocaleString("en", { maximumFractionDigits: 20 });
  return typeof value === "string" ? value : JSON.stringify(value);
}

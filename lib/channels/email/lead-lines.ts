import type { LeadJson } from "@/lib/leads/lead-json";
import { formatPhone } from "@/lib/phone/format-phone";
import { formatInstant } from "@/lib/time/format-time";
import type { MailTranslator } from "./mail-words";

/** What a custom field's value needs to read as on screen: its label, type and (a select's) options. */
export interface FieldFacts {
  label: string;
  type: string;
  options: string[];
}

/** The reader of an email: their language's words and formats, and their time zone. */
export interface Reader {
  t: MailTranslator;
  locale: string;
  timeZone: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}/;

/** A custom field's value as the admin shows it: `18/12/2026`, `Sim`, `1.234,5`, a select's option as written. */
export function fieldText(value: unknown, field: FieldFacts | undefined, reader: Reader): string {
  if (Array.isArray(value)) return value.map((item) => fieldText(item, field, reader)).join(", ");
  if (typeof value === "boolean") return value ? reader.t("lead.yes") : reader.t("lead.no");
  if (field?.type === "boolean" && (value === "true" || value === "false"))
    return value === "true" ? reader.t("lead.yes") : reader.t("lead.no");
  if (typeof value === "number") return new Intl.NumberFormat(reader.locale).format(value);
  if (typeof value === "string" && field?.type === "date" && DATE.test(value)) {
    const day = new Date(`${value.slice(0, 10)}T00:00:00Z`);
    return new Intl.DateTimeFormat(reader.locale, { timeZone: "UTC", day: "2-digit", month: "2-digit", year: "numeric" }).format(
      day,
    );
  }
  if (typeof value === "string" && field?.type === "select") {
    const folded = value.trim().toLowerCase();
    return field.options.find((option) => option.trim().toLowerCase() === folded) ?? value;
  }
  if (value !== null && typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** A lead's name for a heading or subject: name, else email, else phone (formatted), else "Unnamed lead". */
export function leadTitle(lead: LeadJson, reader: Reader): string {
  return lead.name ?? lead.email ?? (lead.telephone ? formatPhone(lead.telephone) : reader.t("lead.unnamed"));
}

/**
 * The lines a person reads about a lead, label then value, in the reader's language: name, email, phone, link,
 * when it arrived (in the reader's zone), UTM, custom fields by label.
 */
export function leadLines(
  lead: LeadJson,
  linkName: string | undefined,
  fields: Map<string, FieldFacts>,
  reader: Reader,
): [string, string][] {
  const { t } = reader;
  const lines: [string, string][] = [];
  if (lead.name) lines.push([t("lead.name"), lead.name]);
  if (lead.email) lines.push([t("lead.email"), lead.email]);
  if (lead.telephone) lines.push([t("lead.phone"), formatPhone(lead.telephone)]);
  if (linkName) lines.push([t("lead.link"), linkName]);
  lines.push([t("lead.receivedAt"), formatInstant(new Date(lead.createdAt), reader, "datetime")]);
  for (const [key, value] of Object.entries(lead.lastTouch)) {
    if (value) lines.push([key.replace(/^utm/, "utm_").toLowerCase(), value]);
  }
  for (const [name, value] of Object.entries(lead.customFields)) {
    if (value === null || value === undefined || value === "") continue;
    const field = fields.get(name);
    lines.push([field?.label ?? name, fieldText(value, field, reader)]);
  }
  return lines;
}

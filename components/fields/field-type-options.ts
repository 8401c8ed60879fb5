import type { FieldType } from "@/lib/fields/custom-field";

export const FIELD_TYPE_LABELS: Record<FieldType, { label: string; hint: string }> = {
  text: { label: "Text", hint: "Any text, up to 10,000 characters." },
  number: { label: "Number", hint: "A number; senders may send it as a string." },
  date: { label: "Date", hint: "A calendar date, YYYY-MM-DD." },
  boolean: { label: "Yes / no", hint: "true or false; also yes/no, sim/não, 1/0." },
  select: { label: "Select", hint: "One of a list of options you define." },
};

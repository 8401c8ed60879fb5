import type { LeadJson } from "@/lib/leads/lead-json";

/** The lines a person reads about a lead, label then value: name, email, phone, link, UTM, custom fields by label. */
export function leadLines(lead: LeadJson, linkName: string | undefined, labels: Map<string, string>): [string, string][] {
  const lines: [string, string][] = [];
  if (lead.name) lines.push(["Name", lead.name]);
  if (lead.email) lines.push(["Email", lead.email]);
  if (lead.telephone) lines.push(["Phone", `+${lead.telephone}`]);
  if (linkName) lines.push(["Link", linkName]);
  for (const [key, value] of Object.entries(lead.lastTouch)) {
    if (value) lines.push([key.replace(/^utm/, "utm_").toLowerCase(), value]);
  }
  for (const [name, value] of Object.entries(lead.customFields)) {
    if (value === null || value === undefined || value === "") continue;
    const text = Array.isArray(value) ? value.join(", ") : typeof value === "object" ? JSON.stringify(value) : String(value);
    lines.push([labels.get(name) ?? name, text]);
  }
  return lines;
}

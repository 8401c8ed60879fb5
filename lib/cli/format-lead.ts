import type { LeadDetailJson, LeadJson, UtmJson } from "@/lib/leads/lead-json";

const STANDARD_FIELDS = [
  "email",
  "name",
  "telephone",
  "document",
  "profession",
  "city",
  "state",
  "instagram",
  "birthday",
] as const;

function describeUtm(touch: UtmJson): string | undefined {
  const parts = Object.entries(touch)
    .filter(([, value]) => value !== null)
    .map(([key, value]) => `${key}=${value}`);
  return parts.length > 0 ? parts.join(" ") : undefined;
}

function describeObject(object: Record<string, unknown>): string | undefined {
  const parts = Object.entries(object).map(
    ([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`,
  );
  return parts.length > 0 ? parts.join(", ") : undefined;
}

/** One line per lead, newest first, for `lead list` without --json. */
export function formatLeadTable(leads: LeadJson[]): string {
  if (leads.length === 0) return "No leads.";
  const rows = leads.map((lead) => [lead.createdAt, lead.id, lead.email ?? "-", lead.telephone ?? "-", lead.name ?? "-"]);
  const header = ["CREATED", "ID", "EMAIL", "TELEPHONE", "NAME"];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  return [header, ...rows]
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** The lead's fields that have a value, then its submissions, for `lead get` without --json. */
export function formatLeadDetail(lead: LeadDetailJson): string {
  const lines: [string, string | undefined][] = [
    ["id", lead.id],
    ...STANDARD_FIELDS.map((field): [string, string | undefined] => [field, lead[field] ?? undefined]),
    ["address", describeObject(lead.address)],
    ["first touch", describeUtm(lead.firstTouch)],
    ["last touch", describeUtm(lead.lastTouch)],
    ["custom fields", describeObject(lead.customFields)],
    ["created", lead.createdAt],
    ["updated", lead.updatedAt],
  ];
  const shown = lines.filter((line): line is [string, string] => line[1] !== undefined);
  const width = Math.max(...shown.map(([label]) => label.length));
  const out = shown.map(([label, value]) => `${label.padEnd(width)}  ${value}`);
  out.push("", `Submissions (${lead.submissions.length}, oldest first):`);
  for (const submission of lead.submissions) {
    const warnings = submission.warnings.length > 0 ? `  warnings: ${JSON.stringify(submission.warnings)}` : "";
    out.push(
      `  ${submission.receivedAt}  ${submission.outcome.padEnd(8)} link ${submission.captureLinkId}  id ${submission.id}${warnings}`,
    );
  }
  return out.join("\n");
}

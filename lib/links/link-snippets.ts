import { type CountryCode, getExampleNumber } from "libphonenumber-js";
import examples from "libphonenumber-js/mobile/examples";
import type { CustomFieldDefinition } from "@/lib/fields/custom-field";
import { UTM_KEYS } from "@/lib/ingest/lead-input";

export interface SnippetInput {
  url: string;
  /** The workspace's fields; archived ones are left out of the snippets. */
  fields: CustomFieldDefinition[];
  /** The link's honeypot field: the HTML form includes it, hidden from people. */
  honeypotField?: string | null;
  /** The workspace's default country, for an example phone number written the way its people write it. */
  country?: string;
}

export interface LinkSnippets {
  curl: string;
  fetch: string;
  html: string;
}

const UTM_PARAMS: Record<(typeof UTM_KEYS)[number], string> = {
  utmSource: "utm_source",
  utmMedium: "utm_medium",
  utmCampaign: "utm_campaign",
  utmContent: "utm_content",
  utmTerm: "utm_term",
};

function examplePhone(country: string | undefined): string {
  try {
    return getExampleNumber((country ?? "BR") as CountryCode, examples)?.nationalNumber ?? "11961234567";
  } catch {
    return "11961234567";
  }
}

function exampleValue(field: CustomFieldDefinition): string | number | boolean {
  switch (field.type) {
    case "number":
      return 42;
    case "date":
      return "2026-01-15";
    case "boolean":
      return true;
    case "select":
      return field.options[0] ?? "";
    case "text":
      return `Example ${field.label}`;
  }
}

function activeFields(input: SnippetInput): CustomFieldDefinition[] {
  return input.fields.filter((field) => !field.archived);
}

function exampleLead(input: SnippetInput): Record<string, unknown> {
  const fields = activeFields(input);
  return {
    name: "Ana Souza",
    email: "ana.souza@example.com",
    telephone: examplePhone(input.country),
    utmSource: "newsletter",
    utmCampaign: "spring-launch",
    ...(fields.length > 0 && { customFields: Object.fromEntries(fields.map((field) => [field.name, exampleValue(field)])) }),
  };
}

/** Inside '…' in a POSIX shell, only ' itself needs care: close the quote, add an escaped one, reopen. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function curlSnippet(input: SnippetInput): string {
  return [
    `curl -X POST ${shellQuote(input.url)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellQuote(JSON.stringify(exampleLead(input), null, 2))}`,
  ].join("\n");
}

export function fetchSnippet(input: SnippetInput): string {
  const lead = exampleLead(input);
  const lines = [
    `  name: ${JSON.stringify(lead.name)},`,
    `  email: ${JSON.stringify(lead.email)},`,
    `  telephone: ${JSON.stringify(lead.telephone)},`,
    ...UTM_KEYS.map((key) => `  ${key}: utm.get(${JSON.stringify(UTM_PARAMS[key])}),`),
  ];
  const fields = activeFields(input);
  if (fields.length > 0) {
    lines.push("  customFields: {");
    for (const field of fields) lines.push(`    ${JSON.stringify(field.name)}: ${JSON.stringify(exampleValue(field))}, // ${field.label.replace(/[\r\n]/g, " ")}`);
    lines.push("  },");
  }
  return `// Sends a lead to Leadlink: resolves with {leadId, created, warnings}, rejects with Leadlink's reasons.
async function sendLead(lead) {
  const response = await fetch(${JSON.stringify(input.url)}, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(lead),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    // Errors are problem+json: \`detail\` says what went wrong, \`errors\` lists every invalid field.
    const fields = (body.errors || []).map((error) => \`\${error.field} \${error.message}\`);
    throw new Error([body.detail || \`HTTP \${response.status}\`, ...fields].join("\\n"));
  }
  return body;
}

// Campaign values come from the landing page's own address (?utm_source=…&utm_campaign=…).
const utm = new URLSearchParams(window.location.search);

sendLead({
${lines.join("\n")}
})
  .then((result) => console.log(result.created ? "Lead created:" : "Lead updated:", result.leadId))
  .catch((error) => console.error("Leadlink refused the lead:", error.message));`;
}

function fieldInput(field: CustomFieldDefinition): string {
  const name = `customFields.${field.name}`;
  const label = escapeHtml(field.label);
  switch (field.type) {
    case "boolean":
      return `  <label><input name="${name}" type="checkbox"> ${label}</label>`;
    case "select":
      return [
        `  <label>${label}`,
        `    <select name="${name}">`,
        `      <option value="">Choose…</option>`,
        ...field.options.map((option) => `      <option>${escapeHtml(option)}</option>`),
        `    </select>`,
        `  </label>`,
      ].join("\n");
    case "number":
      return `  <label>${label} <input name="${name}" type="number" step="any"></label>`;
    case "date":
      return `  <label>${label} <input name="${name}" type="date"></label>`;
    case "text":
      return `  <label>${label} <input name="${name}"></label>`;
  }
}

export function htmlSnippet(input: SnippetInput): string {
  const inputs = [
    `  <label>Name <input name="name" autocomplete="name"></label>`,
    `  <label>Email <input name="email" type="email" autocomplete="email" required></label>`,
    `  <label>Phone <input name="telephone" type="tel" autocomplete="tel"></label>`,
    ...activeFields(input).map(fieldInput),
  ];
  if (input.honeypotField) {
    inputs.push(
      `  <!-- Left empty by people, filled by bots: Leadlink keeps such requests as spam, not as leads. -->`,
      `  <div style="position:absolute;left:-10000px" aria-hidden="true">`,
      `    <label>Leave this empty <input name="${input.honeypotField}" tabindex="-1" autocomplete="off"></label>`,
      `  </div>`,
    );
  }
  const utmPairs = UTM_KEYS.map((key) => `["${key}", "${UTM_PARAMS[key]}"]`).join(", ");
  return `<form id="leadlink-form">
${inputs.join("\n")}
  <button type="submit">Send</button>
  <p id="leadlink-result" role="status" style="white-space:pre-line"></p>
</form>
<script>
  document.getElementById("leadlink-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const button = form.querySelector('button[type="submit"]');
    const result = document.getElementById("leadlink-result");
    const lead = { customFields: {} };
    for (const element of form.elements) {
      if (!element.name) continue;
      const value = element.type === "checkbox" ? element.checked : element.value;
      if (element.name.startsWith("customFields.")) lead.customFields[element.name.slice("customFields.".length)] = value;
      else lead[element.name] = value;
    }
    // Campaign values come from the page's own address (?utm_source=…).
    const params = new URLSearchParams(window.location.search);
    for (const [key, param] of [${utmPairs}]) {
      if (params.get(param)) lead[key] = params.get(param);
    }
    button.disabled = true;
    result.textContent = "Sending…";
    try {
      const response = await fetch(${JSON.stringify(input.url)}, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(lead),
      });
      const body = await response.json().catch(() => ({}));
      if (response.ok) {
        result.textContent = "Thank you! We will be in touch soon.";
        form.reset();
      } else {
        // problem+json: \`detail\` says what went wrong, \`errors\` lists every invalid field.
        const fields = (body.errors || []).map((error) => error.field + " " + error.message);
        result.textContent = [body.detail || "Something went wrong (HTTP " + response.status + ").", ...fields].join("\\n");
      }
    } catch {
      result.textContent = "Could not send the form. Check your connection and try again.";
    } finally {
      button.disabled = false;
    }
  });
</script>`;
}

/** Ready-to-paste code that posts to the link, using the workspace's real custom fields. */
export function linkSnippets(input: SnippetInput): LinkSnippets {
  return { curl: curlSnippet(input), fetch: fetchSnippet(input), html: htmlSnippet(input) };
}

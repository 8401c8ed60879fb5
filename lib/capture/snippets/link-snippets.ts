import { type CountryCode, getExampleNumber } from "libphonenumber-js";
import examples from "libphonenumber-js/mobile/examples";
import type { CustomFieldDefinition } from "@/lib/fields/custom-field";
import { UTM_KEYS } from "@/lib/leads/lead-keys";

export interface SnippetInput {
  url: string;
  /** The workspace's fields; archived ones are left out of the snippets. */
  fields: CustomFieldDefinition[];
  /** The link's honeypot field: the HTML form includes it, hidden from people. */
  honeypotField?: string | null;
  /** The workspace's default country, for an example phone number written the way its people write it. */
  country?: string;
  /** The link's captcha provider: the plain form then carries its widget (DESIGN.md section 11). */
  captchaProvider?: string | null;
}

export interface LinkSnippets {
  curl: string;
  fetch: string;
  html: string;
  /** A form that works without JavaScript (the link must accept HTML form posts). */
  plainForm: string;
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

export function exampleLead(input: SnippetInput): Record<string, unknown> {
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

const TYPE_HINTS: Record<CustomFieldDefinition["type"], string> = {
  text: "text",
  number: "a number",
  date: "a date, YYYY-MM-DD",
  boolean: "a checkbox: true or false",
  select: "one of its options",
};

/**
 * The script both browser snippets use. It sends nothing until a visitor submits the form: then it reads the
 * form's inputs (named after Leadlink's fields; the workspace's custom fields by name or as customFields.<name>),
 * adds the page's UTM parameters, posts them as JSON and shows Leadlink's answer under the form, errors field by
 * field. Only field names (letters, digits, _ . -) and the URL (as a JSON string) reach the code, never labels or
 * options, so nothing an admin types can end the <script> element early.
 */
function formScript(input: SnippetInput): string {
  const fields = activeFields(input);
  const utmPairs = UTM_KEYS.map((key) => `["${key}", "${UTM_PARAMS[key]}"]`).join(", ");
  const fieldNotes =
    fields.length > 0
      ? [
          "// This workspace's custom fields: an input with one of these names (or customFields.<name>) is sent in customFields.",
          ...fields.map((field) => `//   ${field.name}: ${TYPE_HINTS[field.type]}`),
        ]
      : ["// Custom fields: inputs named customFields.<name> are sent in customFields."];
  return `// Leadlink: sends the lead form of this page to the capture link when a visitor submits it, never before.
// The form: the one with id="leadlink-form", else the page's only form. Name its inputs after Leadlink's
// fields: name, email, telephone, document, profession, city, state, instagram, birthday, address.city, …
${fieldNotes.join("\n")}
(() => {
  const ENDPOINT = ${JSON.stringify(input.url)};
  const CUSTOM_FIELDS = ${JSON.stringify(fields.map((field) => field.name))};
  // Campaign values come from the page's own address (?utm_source=…&utm_campaign=…).
  const UTM = [${utmPairs}];

  function readLead(form) {
    const lead = {};
    const customFields = {};
    const address = {};
    for (const element of form.elements) {
      const name = element.name;
      if (!name || element.disabled || ["submit", "button", "reset", "file", "image", "fieldset"].includes(element.type)) continue;
      if (element.type === "radio" && !element.checked) continue;
      const value = element.type === "checkbox" ? element.checked : element.value;
      const custom = /^customFields(?:\\.(.+)|\\[(.+)\\])$/.exec(name);
      const part = /^address(?:\\.(.+)|\\[(.+)\\])$/.exec(name);
      if (custom) customFields[custom[1] || custom[2]] = value;
      else if (part) address[part[1] || part[2]] = value;
      else if (CUSTOM_FIELDS.includes(name)) customFields[name] = value;
      else lead[name] = value;
    }
    if (Object.keys(customFields).length > 0) lead.customFields = customFields;
    if (Object.keys(address).length > 0) lead.address = address;
    const params = new URLSearchParams(window.location.search);
    for (const [key, param] of UTM) {
      if (params.get(param) && !lead[key]) lead[key] = params.get(param);
    }
    return lead;
  }

  function resultArea(form) {
    let result = form.querySelector("[data-leadlink-result]");
    if (!result) {
      result = document.createElement("p");
      result.setAttribute("data-leadlink-result", "");
      result.setAttribute("role", "status");
      result.style.whiteSpace = "pre-line";
      form.append(result);
    }
    return result;
  }

  async function send(event) {
    event.preventDefault();
    const form = event.currentTarget;
    const button = form.querySelector('[type="submit"]');
    const result = resultArea(form);
    if (button) button.disabled = true;
    result.textContent = "Sending…";
    try {
      // Leadlink reads a text/plain body as JSON; sent so, the browser needs no CORS preflight first.
      const response = await fetch(ENDPOINT, {
        method: "POST",
        headers: { "Content-Type": "text/plain;charset=UTF-8" },
        body: JSON.stringify(readLead(form)),
      });
      const answer = await response.json().catch(() => ({}));
      if (response.ok) {
        result.textContent = "Thank you! We will be in touch soon.";
        form.reset();
      } else {
        // problem+json: \`detail\` says what went wrong, \`errors\` lists every invalid field.
        const fields = (answer.errors || []).map((error) => error.field + " " + error.message);
        result.textContent = [answer.detail || "Something went wrong (HTTP " + response.status + ").", ...fields].join("\\n");
      }
    } catch {
      result.textContent = "Could not send the form: the connection failed, or this website is not among the capture link's allowed origins.";
    } finally {
      if (button) button.disabled = false;
    }
  }

  function connect() {
    const form = document.getElementById("leadlink-form") || (document.forms.length === 1 ? document.forms[0] : null);
    if (!form) return console.warn('Leadlink: no form to send. Give your lead form id="leadlink-form".');
    if (form.dataset.leadlink === "connected") return;
    form.dataset.leadlink = "connected";
    form.addEventListener("submit", send);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", connect);
  else connect();
})();`;
}

/** For a form already on the sender's page: hooks its submit event (see formScript). */
export function fetchSnippet(input: SnippetInput): string {
  return formScript(input);
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
  return `<form id="leadlink-form">
${inputs.join("\n")}
  <button type="submit">Send</button>
  <p id="leadlink-result" data-leadlink-result role="status" style="white-space:pre-line"></p>
</form>
<script>
${formScript(input)}
</script>`;
}

/** A custom field as a plain form input, nested as `customFields[name]` (the JSON body's shape). */
function plainFieldInput(field: CustomFieldDefinition): string {
  const name = `customFields[${escapeHtml(field.name)}]`;
  const label = escapeHtml(field.label);
  switch (field.type) {
    case "boolean":
      // An unticked box sends nothing; the hidden input before it sends "false", and a ticked box's later "true" wins.
      return `  <input type="hidden" name="${name}" value="false">\n  <label><input name="${name}" type="checkbox" value="true"> ${label}</label>`;
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

const CAPTCHA_WIDGETS: Record<string, string[]> = {
  turnstile: [
    `  <!-- Cloudflare Turnstile: replace YOUR_SITE_KEY with the widget's site key. -->`,
    `  <div class="cf-turnstile" data-sitekey="YOUR_SITE_KEY"></div>`,
    `  <script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer></script>`,
  ],
  hcaptcha: [
    `  <!-- hCaptcha: replace YOUR_SITE_KEY with the site key. -->`,
    `  <div class="h-captcha" data-sitekey="YOUR_SITE_KEY"></div>`,
    `  <script src="https://js.hcaptcha.com/1/api.js" async defer></script>`,
  ],
  recaptcha: [
    `  <!-- reCAPTCHA v3 needs its script to put a token in g-recaptcha-response before the form is sent. -->`,
    `  <input type="hidden" name="g-recaptcha-response">`,
  ],
};

/**
 * A form that needs no JavaScript at all: the browser posts it to the link and the visitor lands on the
 * link's success page (or Leadlink's thank-you page), or on the page that lists what to fix.
 */
export function plainFormSnippet(input: SnippetInput): string {
  const inputs = [
    `  <label>Name <input name="name" autocomplete="name"></label>`,
    `  <label>Email <input name="email" type="email" autocomplete="email" required></label>`,
    `  <label>Phone <input name="telephone" type="tel" autocomplete="tel"></label>`,
    `  <label>City <input name="address[city]" autocomplete="address-level2"></label>`,
    ...activeFields(input).map(plainFieldInput),
  ];
  if (input.honeypotField) {
    inputs.push(
      `  <!-- Left empty by people, filled by bots: Leadlink keeps such requests as spam, not as leads. -->`,
      `  <div style="position:absolute;left:-10000px" aria-hidden="true">`,
      `    <label>Leave this empty <input name="${input.honeypotField}" tabindex="-1" autocomplete="off"></label>`,
      `  </div>`,
    );
  }
  if (input.captchaProvider) inputs.push(...(CAPTCHA_WIDGETS[input.captchaProvider] ?? []));
  return `<form action="${escapeHtml(input.url)}" method="post" accept-charset="UTF-8">
${inputs.join("\n")}
  <button type="submit">Send</button>
</form>`;
}

/** Ready-to-paste code that posts to the link, using the workspace's real custom fields. */
export function linkSnippets(input: SnippetInput): LinkSnippets {
  return {
    curl: curlSnippet(input),
    fetch: fetchSnippet(input),
    html: htmlSnippet(input),
    plainForm: plainFormSnippet(input),
  };
}

import { type CountryCode, getExampleNumber } from "libphonenumber-js";
import examples from "libphonenumber-js/mobile/examples";
import { createTranslator } from "use-intl/core";
import type { Locale } from "@/lib/i18n/locales";
import { UTM_KEYS } from "@/lib/leads/lead-keys";
import type { SnippetField, SnippetForm } from "./snippet-form";
import { snippetWords as wordsOfLanguage } from "./snippet-words";

export interface SnippetInput {
  url: string;
  /** What the visitor sees: fields, consent, words (snippet-form.ts). */
  form: SnippetForm;
  /** The link's honeypot field: the HTML form includes it, hidden from people. */
  honeypotField?: string | null;
  /** The workspace's default country, for an example phone number written the way its people write it. */
  country?: string;
  /** The link's captcha provider: the plain form then carries its widget (DESIGN.md section 11). */
  captchaProvider?: string | null;
}

export interface LinkSnippets {
  /** The form they were written from. */
  form: SnippetForm;
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

function exampleValue(field: SnippetField): string | number | boolean {
  switch (field.type) {
    case "number":
      return 42;
    case "date":
      return "2026-01-15";
    case "boolean":
      return true;
    case "select":
      return field.options?.[0] ?? "";
    default:
      return `Example ${field.label}`;
  }
}

/** The form's custom fields, by their name in customFields. */
function customFields(form: SnippetForm): { name: string; field: SnippetField }[] {
  return form.fields
    .filter((field) => field.key.startsWith("customFields."))
    .map((field) => ({ name: field.key.slice("customFields.".length), field }));
}

export function exampleLead(input: SnippetInput): Record<string, unknown> {
  const fields = customFields(input.form);
  const consent = input.form.consent;
  return {
    name: "Ana Souza",
    email: "ana.souza@example.com",
    telephone: examplePhone(input.country),
    utmSource: "newsletter",
    utmCampaign: "spring-launch",
    ...(fields.length > 0 && { customFields: Object.fromEntries(fields.map(({ name, field }) => [name, exampleValue(field)])) }),
    ...(consent && { consent: { granted: true, text: consent.text, version: consent.version, purposes: consent.purposes } }),
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

const TYPE_HINTS: Record<SnippetField["type"], string> = {
  text: "text",
  email: "an email address",
  tel: "a phone number",
  number: "a number",
  date: "a date, YYYY-MM-DD",
  boolean: "a checkbox: true or false",
  select: "one of its options",
};

/** The words a visitor may read, in the form's language: progress, thanks, every error by its `code`, field labels. */
function visitorTexts(form: SnippetForm) {
  const messages = wordsOfLanguage(form.language);
  const t = snippetWords(form);
  const labels: Record<string, string> = { consent: t("labels.consent") };
  for (const field of form.fields) labels[field.key] = field.label;
  return {
    sending: t("sending"),
    network: t("errors.network"),
    success: form.successMessage,
    errors: messages.errors,
    issues: messages.issues,
    labels,
  };
}

/** JSON inside a <script> element: `<` escaped, so no label can end the element or open a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * The script both browser snippets use. It sends nothing until a visitor submits the form: then it reads the
 * form's inputs (named after Leadlink's fields; the workspace's custom fields by name or as customFields.<name>;
 * consent.granted, consent.text, consent.version and consent.purposes as the nested consent object), adds the
 * page's UTM parameters, posts them as JSON and shows the answer under the form in the form's language, errors
 * field by field. Labels and texts reach the code only as escaped JSON.
 */
function formScript(input: SnippetInput): string {
  const fields = customFields(input.form);
  const utmPairs = UTM_KEYS.map((key) => `["${key}", "${UTM_PARAMS[key]}"]`).join(", ");
  const fieldNotes =
    fields.length > 0
      ? [
          "// This workspace's custom fields: an input with one of these names (or customFields.<name>) is sent in customFields.",
          ...fields.map(({ name, field }) => `//   ${name}: ${TYPE_HINTS[field.type]}`),
        ]
      : ["// Custom fields: inputs named customFields.<name> are sent in customFields."];
  return `// Leadlink: sends the lead form of this page to the capture link when a visitor submits it, never before.
// The form: the one with id="leadlink-form", else the page's only form. Name its inputs after Leadlink's
// fields: name, email, telephone, document, profession, city, state, instagram, birthday, address.city, …
// Consent: a checkbox named consent.granted (with consent.text, consent.version, consent.purposes) is sent as
// {"consent": {"granted": true|false, "text", "version", "purposes": [...]}}.
${fieldNotes.join("\n")}
(() => {
  const ENDPOINT = ${JSON.stringify(input.url)};
  const CUSTOM_FIELDS = ${scriptJson(fields.map(({ name }) => name))};
  // Campaign values come from the page's own address (?utm_source=…&utm_campaign=…).
  const UTM = [${utmPairs}];
  // What the visitor reads, in the form's language.
  const TEXT = ${scriptJson(visitorTexts(input.form))};

  function readLead(form) {
    const lead = {};
    const customFields = {};
    const address = {};
    const consent = {};
    for (const element of form.elements) {
      const name = element.name;
      if (!name || element.disabled || ["submit", "button", "reset", "file", "image", "fieldset"].includes(element.type)) continue;
      if (element.type === "radio" && !element.checked) continue;
      const value = element.type === "checkbox" ? element.checked : element.value;
      const custom = /^customFields(?:\\.(.+)|\\[(.+)\\])$/.exec(name);
      const part = /^address(?:\\.(.+)|\\[(.+)\\])$/.exec(name);
      const agreed = /^consent(?:\\.([a-z]+)|\\[([a-z]+)\\](?:\\[\\])?)$/.exec(name);
      const utm = UTM.find(([, param]) => param === name);
      if (custom) customFields[custom[1] || custom[2]] = value;
      else if (part) address[part[1] || part[2]] = value;
      else if (agreed) {
        const key = agreed[1] || agreed[2];
        if (key === "purposes") {
          if (element.type !== "checkbox" || element.checked) (consent.purposes = consent.purposes || []).push(element.value);
        } else consent[key] = value;
      } else if (utm) {
        if (value) lead[utm[0]] = value;
      } else if (CUSTOM_FIELDS.includes(name)) customFields[name] = value;
      else lead[name] = value;
    }
    if (Object.keys(customFields).length > 0) lead.customFields = customFields;
    if (Object.keys(address).length > 0) lead.address = address;
    if (Object.keys(consent).length > 0) lead.consent = { ...consent, granted: consent.granted === true };
    const params = new URLSearchParams(window.location.search);
    for (const [key, param] of UTM) {
      if (params.get(param) && !lead[key]) lead[key] = params.get(param);
    }
    return lead;
  }

  function fillUtm(form) {
    const params = new URLSearchParams(window.location.search);
    for (const [, param] of UTM) {
      const input = form.elements[param];
      if (input && !input.value && params.get(param)) input.value = params.get(param);
    }
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

  function fieldError(error) {
    const field = TEXT.labels[error.field] || TEXT.labels[String(error.field).split(".")[0]] || error.field;
    return field + ": " + (TEXT.issues[error.code] || TEXT.issues.invalid);
  }

  async function send(event) {
    event.preventDefault();
    const form = event.currentTarget;
    const button = form.querySelector('[type="submit"]');
    const result = resultArea(form);
    if (button) button.disabled = true;
    result.textContent = TEXT.sending;
    try {
      // Leadlink reads a text/plain body as JSON; sent so, the browser needs no CORS preflight first.
      const response = await fetch(ENDPOINT, {
        method: "POST",
        headers: { "Content-Type": "text/plain;charset=UTF-8" },
        body: JSON.stringify(readLead(form)),
      });
      const answer = await response.json().catch(() => ({}));
      if (response.ok) {
        result.textContent = TEXT.success;
        form.reset();
        fillUtm(form);
      } else {
        // problem+json: \`code\` says what went wrong, \`errors\` lists every invalid field with its own code.
        const fields = (answer.errors || []).map(fieldError);
        result.textContent = [TEXT.errors[answer.code] || TEXT.errors.unknown, ...fields].join("\\n");
      }
    } catch {
      result.textContent = TEXT.network;
    } finally {
      if (button) button.disabled = false;
    }
  }

  function connect() {
    const form = document.getElementById("leadlink-form") || (document.forms.length === 1 ? document.forms[0] : null);
    if (!form) return console.warn('Leadlink: no form to send. Give your lead form id="leadlink-form".');
    if (form.dataset.leadlink === "connected") return;
    form.dataset.leadlink = "connected";
    if (form.elements) fillUtm(form);
    form.addEventListener("submit", send);
  }

  // One view of this page per load, for the link's views and conversion rate: a beacon with an empty body,
  // no cookie; Leadlink stores a count per day, nothing about the visitor.
  try {
    navigator.sendBeacon(ENDPOINT + "/views", new Blob([""], { type: "text/plain" }));
  } catch {}

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", connect);
  else connect();
})();`;
}

/** For a form already on the sender's page: hooks its submit event (see formScript). */
export function fetchSnippet(input: SnippetInput): string {
  return formScript(input);
}

/** A field's help text under its input, when the form settings give one. */
function withHelp(field: SnippetField, input: string): string {
  return field.help ? `${input}\n  <small>${escapeHtml(field.help)}</small>` : input;
}

const AUTOCOMPLETE: Record<string, string> = { name: "name", email: "email", telephone: "tel" };

/**
 * One field as an input. `nested`: the no-JavaScript form's names (`customFields[x]`, as a form post nests them);
 * else the script's (`customFields.x`).
 */
function fieldInput(field: SnippetField, choose: string, nested: boolean): string {
  const name = escapeHtml(nested ? field.key.replace(/\.(.+)$/, "[$1]") : field.key);
  const label = escapeHtml(field.label);
  const required = field.required ? " required" : "";
  const autocomplete = AUTOCOMPLETE[field.key] ? ` autocomplete="${AUTOCOMPLETE[field.key]}"` : "";
  switch (field.type) {
    case "boolean":
      // In a form post an unticked box sends nothing; the hidden input before it sends "false", a ticked box's later "true" wins.
      return nested
        ? `  <input type="hidden" name="${name}" value="false">\n  <label><input name="${name}" type="checkbox" value="true"> ${label}</label>`
        : `  <label><input name="${name}" type="checkbox"> ${label}</label>`;
    case "select":
      return [
        `  <label>${label}`,
        `    <select name="${name}"${required}>`,
        `      <option value="">${escapeHtml(choose)}</option>`,
        ...(field.options ?? []).map((option) => `      <option>${escapeHtml(option)}</option>`),
        `    </select>`,
        `  </label>`,
      ].join("\n");
    case "number":
      return `  <label>${label} <input name="${name}" type="number" step="any"${required}></label>`;
    case "text":
      return `  <label>${label} <input name="${name}"${autocomplete}${required}></label>`;
    default:
      return `  <label>${label} <input name="${name}" type="${field.type}"${autocomplete}${required}></label>`;
  }
}

/** The consent checkbox and the text, version and purposes it records (DESIGN.md section 9). */
function consentInputs(form: SnippetForm, nested: boolean): string[] {
  const consent = form.consent;
  if (!consent) return [];
  const name = (key: string) => (nested ? `consent[${key}]` : `consent.${key}`);
  return [
    `  <label><input name="${name("granted")}" type="checkbox"${consent.required ? " required" : ""}> ${escapeHtml(consent.text)}</label>`,
    `  <input type="hidden" name="${name("text")}" value="${escapeHtml(consent.text)}">`,
    `  <input type="hidden" name="${name("version")}" value="${escapeHtml(consent.version)}">`,
    ...consent.purposes.map(
      (purpose) =>
        `  <input type="hidden" name="${nested ? "consent[purposes][]" : name("purposes")}" value="${escapeHtml(purpose)}">`,
    ),
  ];
}

function utmInputs(): string[] {
  return UTM_KEYS.map((key) => `  <input type="hidden" name="${UTM_PARAMS[key]}">`);
}

function honeypotInputs(input: SnippetInput, leaveEmpty: string): string[] {
  if (!input.honeypotField) return [];
  return [
    `  <!-- Left empty by people, filled by bots: Leadlink keeps such requests as spam, not as leads. -->`,
    `  <div style="position:absolute;left:-10000px" aria-hidden="true">`,
    `    <label>${escapeHtml(leaveEmpty)} <input name="${input.honeypotField}" tabindex="-1" autocomplete="off"></label>`,
    `  </div>`,
  ];
}

function snippetWords(form: SnippetForm) {
  // The translator's locale only picks plural and number rules; Spanish is not an admin locale.
  const locale = form.language as Locale;
  return createTranslator({ locale, messages: { snippets: wordsOfLanguage(form.language) }, namespace: "snippets" });
}

export function htmlSnippet(input: SnippetInput): string {
  const t = snippetWords(input.form);
  const inputs = [
    ...input.form.fields.map((field) => withHelp(field, fieldInput(field, t("choose"), false))),
    ...consentInputs(input.form, false),
    `  <!-- Campaign values: the script fills these from the page's address (?utm_source=…). -->`,
    ...utmInputs(),
    ...honeypotInputs(input, t("leaveEmpty")),
  ];
  return `<form id="leadlink-form" lang="${input.form.language}">
${inputs.join("\n")}
  <button type="submit">${escapeHtml(input.form.submitLabel)}</button>
  <p id="leadlink-result" data-leadlink-result role="status" style="white-space:pre-line"></p>
</form>
<script>
${formScript(input)}
</script>`;
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
 * link's success page (or Leadlink's thank-you page), or on the page that lists what to fix. Without a script
 * nothing can read the page's address: the page's author fills in the utm_* inputs.
 */
export function plainFormSnippet(input: SnippetInput): string {
  const t = snippetWords(input.form);
  const inputs = [
    ...input.form.fields.map((field) => withHelp(field, fieldInput(field, t("choose"), true))),
    ...consentInputs(input.form, true),
    `  <!-- Campaign values: no script reads this page's address, so write them in yourself (value="…"), one`,
    `       copy of the form per campaign; empty ones are ignored and the lead counts as "Direct". -->`,
    ...utmInputs(),
    ...honeypotInputs(input, t("leaveEmpty")),
  ];
  if (input.captchaProvider) inputs.push(...(CAPTCHA_WIDGETS[input.captchaProvider] ?? []));
  return `<form action="${escapeHtml(input.url)}" method="post" accept-charset="UTF-8" lang="${input.form.language}">
${inputs.join("\n")}
  <button type="submit">${escapeHtml(input.form.submitLabel)}</button>
</form>`;
}

/** Ready-to-paste code that posts to the link, using the workspace's real custom fields. */
export function linkSnippets(input: SnippetInput): LinkSnippets {
  return {
    form: input.form,
    curl: curlSnippet(input),
    fetch: fetchSnippet(input),
    html: htmlSnippet(input),
    plainForm: plainFormSnippet(input),
  };
}

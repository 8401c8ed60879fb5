import type { LinkInput, LinkSettings } from "./link-input";

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** One origin per line; commas and spaces also separate, since people paste lists in every shape. */
export function readLines(value: string): string[] {
  return value
    .split(/[\s,]+/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/** The link settings form's fields as LinkSettings expects them (the schema does the validating). */
export function readLinkSettingsForm(form: FormData): LinkSettings {
  return {
    allowedOrigins: readLines(text(form, "allowedOrigins")),
    rateLimit: text(form, "rateLimit"),
    honeypotField: text(form, "honeypotField"),
    // An unticked checkbox sends nothing: absent means off.
    requireIdentity: text(form, "requireIdentity") === "on",
    requireConsent: text(form, "requireConsent") === "on",
  };
}

export function readLinkForm(form: FormData): LinkInput {
  return { name: text(form, "name"), ...readLinkSettingsForm(form) };
}

import { ADDRESS_KEYS } from "@/lib/leads/lead-keys";
import { FORM_LANGUAGES, FORM_LEAD_KEYS, type FormLanguage, readFieldKey } from "./link-form-settings";
import { linkFormWords } from "./link-form-words";

/** Every key a form may ask for: the lead's fields, the address subfields, the workspace's active custom fields. */
export function formFieldKeys(customFields: { name: string; archived: boolean }[]): string[] {
  return [
    ...FORM_LEAD_KEYS,
    ...ADDRESS_KEYS.map((key) => `address.${key}`),
    ...customFields.filter((field) => !field.archived).map((field) => `customFields.${field.name}`),
  ];
}

/** The words a form shows by default, per language: what the Form tab's preview and placeholders show. */
export function formWordsByLanguage(keys: string[], customLabels: ReadonlyMap<string, string>, workspaceName: string) {
  const entries = FORM_LANGUAGES.map((language) => {
    const words = linkFormWords(language);
    const labels: Record<string, string> = {};
    for (const key of keys) {
      const read = readFieldKey(key);
      if (read) labels[key] = words.label(read, read.kind === "custom" ? customLabels.get(read.name) : undefined);
    }
    const value = {
      labels,
      submitLabel: words.submitLabel,
      successMessage: words.successMessage,
      consentText: words.consentText(workspaceName),
      consentPurpose: words.consentPurpose,
      required: "",
    };
    return [language, value] as const;
  });
  return Object.fromEntries(entries) as Record<FormLanguage, (typeof entries)[number][1]>;
}

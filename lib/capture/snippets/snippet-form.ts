import { createTranslator } from "use-intl/core";
import type { CustomFieldDefinition } from "@/lib/fields/custom-field";
import type { Locale } from "@/lib/i18n/locales";
import { messagesFor } from "@/lib/i18n/messages";
import { getLinkFormWithSource } from "@/lib/links/get-link-form";
import { type FormLanguage, type LinkFormSettings, readFieldKey } from "@/lib/links/link-form-settings";

export interface SnippetField {
  /** The lead's key: `name`, `email`, `telephone`, `address.<sub>` or `customFields.<name>`. */
  key: string;
  label: string;
  /** Shown under the input; "" for none. */
  help?: string;
  required: boolean;
  type: "text" | "email" | "tel" | "number" | "date" | "boolean" | "select";
  options?: string[];
}

export interface SnippetConsent {
  text: string;
  version: string;
  purposes: string[];
  required: boolean;
}

/**
 * What the snippets show a visitor, in one language (DESIGN.md section 12), built from the link's form
 * settings (formSnippetForm) or, in tests, from the workspace's defaults (snippetForm).
 */
export interface SnippetForm {
  language: FormLanguage;
  fields: SnippetField[];
  consent: SnippetConsent | null;
  submitLabel: string;
  successMessage: string;
}

/** The version the built-in consent text is recorded under; a new wording needs a new version. */
export const DEFAULT_CONSENT_VERSION = "leadlink-snippet-1";

function customField(field: CustomFieldDefinition): SnippetField {
  const key = `customFields.${field.name}`;
  if (field.type === "select") return { key, label: field.label, required: false, type: "select", options: field.options };
  return { key, label: field.label, required: false, type: field.type };
}

/** The snippets' form of a link: name, email and telephone, the workspace's active custom fields, consent iff required. */
export function snippetForm(facts: {
  language: Locale;
  workspaceName: string;
  requireConsent: boolean;
  fields: CustomFieldDefinition[];
}): SnippetForm {
  const t = createTranslator({ locale: facts.language, messages: messagesFor(facts.language), namespace: "snippets" });
  return {
    language: facts.language,
    fields: [
      { key: "name", label: t("labels.name"), required: false, type: "text" },
      { key: "email", label: t("labels.email"), required: true, type: "email" },
      { key: "telephone", label: t("labels.telephone"), required: false, type: "tel" },
      ...facts.fields.filter((field) => !field.archived).map(customField),
    ],
    consent: facts.requireConsent
      ? {
          text: t("consentText", { workspace: facts.workspaceName }),
          version: DEFAULT_CONSENT_VERSION,
          purposes: [t("consentPurpose")],
          required: true,
        }
      : null,
    submitLabel: t("submit"),
    successMessage: t("success"),
  };
}

const LEAD_INPUT_TYPES: Partial<Record<string, SnippetField["type"]>> = { email: "email", telephone: "tel", birthday: "date" };

/** The snippets' form of a stored form settings document: its fields in its order, its words, its consent. */
export function formSnippetForm(form: LinkFormSettings, fields: CustomFieldDefinition[]): SnippetForm {
  return {
    language: form.language,
    fields: form.fields.map((field): SnippetField => {
      const common = { key: field.key, label: field.label, help: field.help, required: field.required };
      const key = readFieldKey(field.key);
      if (key?.kind === "custom") {
        const definition = fields.find((candidate) => candidate.name === key.name);
        if (definition?.type === "select") return { ...common, type: "select", options: definition.options };
        return { ...common, type: definition?.type ?? "text" };
      }
      return { ...common, type: LEAD_INPUT_TYPES[field.key] ?? "text" };
    }),
    consent: form.consent,
    submitLabel: form.submitLabel,
    successMessage: form.successMessage,
  };
}

/**
 * The snippets' form of a link: its stored form settings (getLinkForm: the defaults in the workspace's
 * language until someone saves a form, plus the active custom fields), with the custom field definitions
 * for input types.
 */
export async function linkSnippetForm(
  workspace: { id: string },
  link: { id: string },
  fields: CustomFieldDefinition[],
): Promise<SnippetForm> {
  const { form, stored } = await getLinkFormWithSource(workspace.id, link.id);
  const snippet = formSnippetForm(form, fields);
  if (stored) return snippet;
  // Until someone saves a form, the snippets also offer the workspace's active custom fields, as they did
  // before form settings existed: a sender's page that already uses them keeps matching its snippet.
  const asked = new Set(snippet.fields.map((field) => field.key));
  const custom = fields.filter((field) => !field.archived).map(customField);
  return { ...snippet, fields: [...snippet.fields, ...custom.filter((field) => !asked.has(field.key))] };
}

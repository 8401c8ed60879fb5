import { createTranslator } from "use-intl/core";
import { getDatabase } from "@/lib/db/client";
import type { CustomFieldDefinition } from "@/lib/fields/custom-field";
import type { Locale } from "@/lib/i18n/locales";
import { messagesFor } from "@/lib/i18n/messages";
import { workspaceLanguage } from "@/lib/workspaces/message-language";

export interface SnippetField {
  /** The lead's key: `name`, `email`, `telephone`, `address.<sub>` or `customFields.<name>`. */
  key: string;
  label: string;
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
 * What the snippets show a visitor, in one language (DESIGN.md section 12). Built from the link and its
 * workspace today; the link's form settings will build the same object.
 */
export interface SnippetForm {
  language: Locale;
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

/** snippetForm() of a link, in its workspace's language (the owner's, else pt-BR for Brazil, else English). */
export async function linkSnippetForm(
  workspace: { id: string; name: string },
  link: { requireConsent: boolean },
  fields: CustomFieldDefinition[],
): Promise<SnippetForm> {
  const language = await workspaceLanguage(await getDatabase(), workspace.id);
  return snippetForm({ language, workspaceName: workspace.name, requireConsent: link.requireConsent, fields });
}

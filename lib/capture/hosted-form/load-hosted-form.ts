import type { Database } from "@/lib/db/client";
import { type CustomFieldDefinition, toDefinition } from "@/lib/fields/custom-field";
import type { CaptchaProvider } from "@/lib/links/form-settings";
import { getLinkForm, withDefaultWords } from "@/lib/links/get-link-form";
import { type FormLanguage, readFieldKey } from "@/lib/links/link-form-settings";
import { linkFormWords } from "@/lib/links/link-form-words";
import { isLinkToken } from "@/lib/links/link-token";
import { isCaptchaProvider } from "../captcha/captcha-widget";
import { readableTextOn } from "./readable-colour";

/** One input of the hosted form, as the page renders it and as the form post names it. */
export interface HostedField {
  /** The settings' key (`email`, `address.city`, `customFields.company`): what a field error names. */
  key: string;
  /** The form post's name (`address[city]`, `customFields[company]`), as lib/capture/html-forms parses it. */
  name: string;
  label: string;
  help: string;
  required: boolean;
  type: "text" | "email" | "tel" | "date" | "number" | "checkbox" | "select";
  options?: string[];
  autoComplete?: string;
}

export interface HostedForm {
  token: string;
  linkId: string;
  workspaceId: string;
  status: "active" | "revoked";
  workspaceName: string;
  language: FormLanguage;
  title: string;
  description: string;
  fields: HostedField[];
  consent: { text: string; version: string; purposes: string[]; required: boolean } | null;
  submitLabel: string;
  successMessage: string;
  successUrl: string | null;
  theme: { color: string; textOnColor: string; logoUrl: string | null };
  honeypotField: string | null;
  captchaProvider: string | null;
  /** The provider's widget the page renders: a provider with its secret and site key, else null. */
  captcha: { provider: CaptchaProvider; siteKey: string } | null;
  words: ReturnType<typeof linkFormWords>["hosted"];
}

const LEAD_INPUTS: Record<string, Pick<HostedField, "type" | "autoComplete">> = {
  name: { type: "text", autoComplete: "name" },
  email: { type: "email", autoComplete: "email" },
  telephone: { type: "tel", autoComplete: "tel" },
  birthday: { type: "date", autoComplete: "bday" },
  city: { type: "text", autoComplete: "address-level2" },
  state: { type: "text", autoComplete: "address-level1" },
};

const ADDRESS_AUTOCOMPLETE: Record<string, string> = {
  street: "address-line1",
  complement: "address-line2",
  city: "address-level2",
  state: "address-level1",
  zipCode: "postal-code",
  country: "country-name",
};

function customInput(field: CustomFieldDefinition): Pick<HostedField, "type" | "options"> {
  switch (field.type) {
    case "select":
      return { type: "select", options: field.options };
    case "boolean":
      return { type: "checkbox" };
    case "number":
      return { type: "number" };
    case "date":
      return { type: "date" };
    default:
      return { type: "text" };
  }
}

/**
 * The hosted form of the link with this token (DESIGN.md section 12), or undefined when no link has it: the
 * link's form settings (as saved, else the defaults) with every empty label filled in the form's language, a
 * custom field's input from its definition, and fields whose custom field is archived or gone left out.
 */
export async function loadHostedForm(database: Database, token: string): Promise<HostedForm | undefined> {
  if (!isLinkToken(token)) return undefined;
  const link = await database.prisma.captureLink.findUnique({
    where: { token },
    select: {
      id: true,
      workspaceId: true,
      status: true,
      honeypotField: true,
      captchaProvider: true,
      captchaSecret: true,
      captchaSiteKey: true,
      workspace: { select: { name: true } },
    },
  });
  if (!link) return undefined;
  const [settings, rows] = await Promise.all([
    getLinkForm(link.workspaceId, link.id),
    database.prisma.customField.findMany({
      where: { workspaceId: link.workspaceId },
      select: { id: true, name: true, label: true, labelKey: true, type: true, options: true, archivedAt: true },
    }),
  ]);
  const custom = new Map(rows.map((row) => [row.name, toDefinition(row)]));
  const active = new Map([...custom].filter(([, field]) => !field.archived).map(([name, field]) => [name, field.label]));
  const form = withDefaultWords(settings, active);
  const fields: HostedField[] = [];
  for (const field of form.fields) {
    const key = readFieldKey(field.key);
    if (!key) continue;
    const base = { key: field.key, label: field.label, help: field.help, required: field.required };
    if (key.kind === "lead") {
      fields.push({ ...base, name: key.key, ...(LEAD_INPUTS[key.key] ?? { type: "text" }) });
    } else if (key.kind === "address") {
      fields.push({ ...base, name: `address[${key.key}]`, type: "text", autoComplete: ADDRESS_AUTOCOMPLETE[key.key] });
    } else {
      const definition = custom.get(key.name);
      if (!definition || definition.archived) continue;
      fields.push({ ...base, name: `customFields[${key.name}]`, ...customInput(definition) });
    }
  }
  return {
    token,
    linkId: link.id,
    workspaceId: link.workspaceId,
    status: link.status,
    workspaceName: link.workspace.name,
    language: form.language,
    title: form.title,
    description: form.description,
    fields,
    consent: form.consent,
    submitLabel: form.submitLabel,
    successMessage: form.successMessage,
    successUrl: form.successUrl,
    theme: { color: form.theme.color, textOnColor: readableTextOn(form.theme.color), logoUrl: form.theme.logoUrl },
    honeypotField: link.honeypotField,
    captchaProvider: link.captchaProvider && link.captchaSecret ? link.captchaProvider : null,
    captcha:
      isCaptchaProvider(link.captchaProvider) && link.captchaSecret && link.captchaSiteKey
        ? { provider: link.captchaProvider, siteKey: link.captchaSiteKey }
        : null,
    words: linkFormWords(form.language).hosted,
  };
}

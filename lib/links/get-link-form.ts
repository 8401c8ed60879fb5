import { type Database, getDatabase } from "@/lib/db/client";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/locales";
import { linkId, linkNotFound } from "./get-link";
import { LinkFormSettings, readFieldKey } from "./link-form-settings";
import { linkFormWords } from "./link-form-words";

/** The form's colour until someone picks one: a blue with AA contrast against white text. */
export const DEFAULT_FORM_COLOR = "#1d4ed8";

/** The link and workspace facts a form's defaults follow. */
export interface LinkFormContext {
  id: string;
  name: string;
  requireConsent: boolean;
  /** What is stored; null: the defaults. */
  form: unknown;
  workspaceName: string;
  /** The workspace's language setting, the language of the default form. */
  language: LinkFormSettings["language"];
}

/** The workspace's link with its form column; AppError `capture_link_not_found` for any other id. */
export async function loadLinkFormContext(database: Database, workspaceId: string, value: string): Promise<LinkFormContext> {
  const id = linkId(value);
  if (!id) throw linkNotFound(value);
  const link = await database.prisma.captureLink.findFirst({
    where: { id, workspaceId },
    select: {
      id: true,
      name: true,
      requireConsent: true,
      form: true,
      // The workspace's stored language (DESIGN.md section 13), as workspaceLanguage() reads it for channel messages.
      workspace: { select: { name: true, language: true } },
    },
  });
  if (!link) throw linkNotFound(value);
  const { workspace } = link;
  return {
    id: link.id,
    name: link.name,
    requireConsent: link.requireConsent,
    form: link.form,
    workspaceName: workspace.name,
    language: isLocale(workspace.language) ? workspace.language : DEFAULT_LOCALE,
  };
}

/**
 * The form a link has when nobody has set one (DESIGN.md section 12): in the workspace's language, name +
 * email + telephone with email required (a lead needs an email or a telephone, and a form that insists on
 * neither would accept a visitor who left both empty), and consent when the link requires it.
 */
export function defaultLinkForm(
  link: Pick<LinkFormContext, "requireConsent" | "workspaceName">,
  language: LinkFormSettings["language"],
): LinkFormSettings {
  const words = linkFormWords(language);
  const field = (key: "name" | "email" | "telephone", required: boolean) => ({
    key,
    label: words.label({ kind: "lead", key }),
    help: "",
    required,
  });
  return {
    language,
    title: link.workspaceName,
    description: "",
    fields: [field("name", false), field("email", true), field("telephone", false)],
    consent: link.requireConsent
      ? { text: words.consentText(link.workspaceName), version: "1", purposes: [words.consentPurpose], required: true }
      : null,
    submitLabel: words.submitLabel,
    successMessage: words.successMessage,
    successUrl: null,
    theme: { color: DEFAULT_FORM_COLOR, logoUrl: null },
  };
}

/**
 * A link's form settings: as last set, else the defaults, worked out now (so they follow the workspace's
 * language and the link's consent requirement until someone saves a form). Workspace-scoped: another
 * workspace's link is AppError `capture_link_not_found`.
 */
export async function getLinkForm(workspaceId: string, id: string): Promise<LinkFormSettings> {
  return (await getLinkFormWithSource(workspaceId, id)).form;
}

/** getLinkForm(), saying whether someone saved the document (`stored`) or it is the defaults. */
export async function getLinkFormWithSource(
  workspaceId: string,
  id: string,
): Promise<{ form: LinkFormSettings; stored: boolean }> {
  const database = await getDatabase();
  const link = await loadLinkFormContext(database, workspaceId, id);
  return { form: readLinkForm(link), stored: link.form !== null };
}

function readLinkForm(link: LinkFormContext): LinkFormSettings {
  if (link.form !== null) {
    // jsonb keeps keys in its own order; read back through the schema, the document has the order it was written in.
    const parsed = LinkFormSettings.safeParse(link.form);
    const stored = parsed.success ? parsed.data : (link.form as LinkFormSettings);
    return withLinkConsent(stored, link);
  }
  return defaultLinkForm(link, link.language);
}

/** Fills the labels and words a document left empty with those of its language (custom fields: their label). */
export function withDefaultWords(form: LinkFormSettings, customLabels: ReadonlyMap<string, string>): LinkFormSettings {
  const words = linkFormWords(form.language);
  return {
    ...form,
    fields: form.fields.map((field) => {
      if (field.label !== "") return field;
      const key = readFieldKey(field.key);
      if (!key) return field;
      return { ...field, label: words.label(key, key.kind === "custom" ? customLabels.get(key.name) : undefined) };
    }),
    submitLabel: form.submitLabel || words.submitLabel,
    successMessage: form.successMessage || words.successMessage,
  };
}

/**
 * The link's requireConsent column is the one truth of whether consent is required (the capture endpoint reads
 * it); a stored form shows it: a link set to require consent after its form was saved asks for it.
 */
function withLinkConsent(form: LinkFormSettings, link: LinkFormContext): LinkFormSettings {
  if (!link.requireConsent || form.consent?.required === true) return form;
  const consent = form.consent ?? defaultLinkForm(link, form.language).consent;
  return consent ? { ...form, consent: { ...consent, required: true } } : form;
}

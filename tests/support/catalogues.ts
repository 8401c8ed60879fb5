import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

type Tree = { [key: string]: string | Tree };

// Read, not imported: Playwright's loader runs this module as ESM, where JSON needs an import attribute.
const readCatalogue = (locale: string): Tree =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, `../../messages/${locale}.json`), "utf8")) as Tree;

export const CATALOGUES = { en: readCatalogue("en"), "pt-BR": readCatalogue("pt-BR") } as const;

/** Every message of a catalogue by its dotted key ("account.language.saved"). */
export function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const id = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") entries.set(id, value);
    else for (const [nested, text] of flatten(value, id)) entries.set(nested, text);
  }
  return entries;
}

/**
 * Words that are the same in both languages, or names, and so may appear in the Portuguese admin:
 * a catalogue value equal in en and pt-BR is never reported, and these words are not English-only.
 */
export const SAME_IN_BOTH = new Set(["Leadlink", "Email", "E-mail", "UTM", "CSV", "HTML", "URL", "ID", "curl", "fetch"]);

/**
 * English-only words that must not show in a page rendered in Portuguese, beyond the catalogue's own English
 * values (docs/i18n.md): what a string forgotten in a component most often contains.
 */
export const ENGLISH_ONLY_WORDS = [
  "Sign out",
  "Sign in",
  "Dashboard",
  "Leads per day",
  "Search",
  "Filters",
  "Previous",
  "Next page",
  "Created",
  "Updated",
  "Rejected",
  "Members",
  "Settings",
  "Save",
  "Cancel",
  "Delete",
  "Revoke",
  "Copy",
  "Copied",
  "Export",
  "Password",
  "Workspace",
  "Your account",
  "No leads",
  "Custom fields",
  "Capture links",
  "Request log",
  "Allowed origins",
  "ago",
  "Today",
  "Yesterday",
];

/**
 * The English strings a page rendered in pt-BR shows: every English catalogue value (of a few words or more,
 * and not the same in Portuguese) found in the text, and every ENGLISH_ONLY_WORDS entry found as a whole word.
 * Values with ICU arguments are matched on their longest literal part.
 */
export function findUntranslated(pageText: string): string[] {
  const text = pageText.replace(/\s+/g, " ");
  const found = new Set<string>();
  const portuguese = flatten(CATALOGUES["pt-BR"]);
  for (const [key, english] of flatten(CATALOGUES.en)) {
    if (portuguese.get(key) === english || SAME_IN_BOTH.has(english)) continue;
    const literal = english
      .split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}|<[^>]+>/)
      .map((part) => part.trim())
      .sort((a, b) => b.length - a.length)[0];
    // Short literals ("Name", "Type") are too often part of data (a lead called Type) to report on their own.
    if (!literal || literal.length < 12) continue;
    if (text.includes(literal)) found.add(`${key}: ${literal}`);
  }
  for (const word of ENGLISH_ONLY_WORDS) {
    if (new RegExp(`(^|[^\\p{L}])${word}([^\\p{L}]|$)`, "u").test(text)) found.add(word);
  }
  return [...found];
}

/** The source files that may use catalogue keys. */
export function sourceFiles(root: string, folders = ["app", "components", "lib"]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (name === "generated" || name === "node_modules") continue;
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|tsx)$/.test(name)) files.push(full);
    }
  };
  for (const folder of folders) walk(path.join(root, folder));
  return files;
}

export function readSources(root: string): string {
  return sourceFiles(root)
    .map((file) => readFileSync(file, "utf8"))
    .join("\n");
}

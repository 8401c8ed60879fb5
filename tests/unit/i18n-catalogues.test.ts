// Issue 14 item 2: every string of the admin in both catalogues, with the same keys and the same ICU
// arguments; no key nobody uses. (Pages rendered in pt-BR are checked for English by tests/e2e/admin-pt-br.spec.ts.)
import { parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "@/lib/error-codes";
import { CATALOGUES, findUntranslated, flatten, readSources } from "../support/catalogues";

const en = flatten(CATALOGUES.en);
const pt = flatten(CATALOGUES["pt-BR"]);

/** The arguments (and tags) a message uses, with their types: {count, plural}, {name}, <link>. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: ReturnType<typeof parse>) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      names.add(`${element.value}:${element.type}`);
      if (element.type === TYPE.plural || element.type === TYPE.select)
        for (const option of Object.values(element.options)) walk(option.value);
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

describe("the message catalogues", () => {
  it("have the same keys in English and Portuguese", () => {
    expect(
      [...en.keys()].filter((key) => !pt.has(key)),
      "missing in messages/pt-BR.json",
    ).toEqual([]);
    expect(
      [...pt.keys()].filter((key) => !en.has(key)),
      "missing in messages/en.json",
    ).toEqual([]);
  });

  it("have no empty message and valid ICU syntax with the same arguments in both", () => {
    for (const [key, english] of en) {
      const portuguese = pt.get(key) ?? "";
      expect(english.trim(), key).not.toBe("");
      expect(portuguese.trim(), key).not.toBe("");
      expect(argumentsOf(portuguese), `arguments of ${key}`).toEqual(argumentsOf(english));
    }
  });

  it("word every error code for an admin form in both languages (lib/request/translate-error.ts)", () => {
    // The ingest API and the command line keep English; a form shows the code's message in the user's language.
    const codes = Object.keys(ERROR_CODES);
    expect(codes.filter((code) => !en.has(`formErrors.codes.${code}`))).toEqual([]);
    expect(codes.filter((code) => !pt.has(`formErrors.codes.${code}`))).toEqual([]);
    expect([...en.keys()].filter((key) => key.startsWith("formErrors.codes.") && !codes.includes(key.split(".")[2]!))).toEqual(
      [],
    );
  });

  it("have no key that no source file names", () => {
    // Components name keys relative to a namespace (t("language.saved") under "account") or build the last
    // part at run time (roles(`${role}.label`)); a key's last part must appear quoted or after a dot.
    const sources = readSources(process.cwd());
    const unused = [...en.keys()].filter((key) => {
      const last = key.split(".").at(-1)!;
      return !new RegExp(`["'\`.]${last.replace(/[$]/g, "\\$&")}["'\`]`).test(sources);
    });
    expect(unused).toEqual([]);
  });
});

describe("findUntranslated", () => {
  it("reports English catalogue text and English-only words, not Portuguese or data", () => {
    expect(findUntranslated("Sua conta · Idioma · Salvar idioma · Leadlink")).toEqual([]);
    expect(findUntranslated("Sua conta  Change your password")).toEqual(["account.password.title: Change your password"]);
    expect(findUntranslated("Painel Sign out")).toEqual(["Sign out"]);
    // A whole word only: "Searching" is not "Search", "Saved" not "Save".
    expect(findUntranslated("Pesquisar Searching Saved")).toEqual([]);
  });
});

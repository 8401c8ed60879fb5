// Issue 24 (item C): counts read naturally in Brazilian Portuguese, where CLDR's "one" covers 0 ("0 lead
// selecionado" was what the bulk bar said), and the Portuguese admin spells "e-mail" one way.
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { CATALOGUES, flatten } from "../support/catalogues";

const en = flatten(CATALOGUES.en);
const pt = flatten(CATALOGUES["pt-BR"]);

function format(catalogue: Map<string, string>, locale: string, key: string, values: Record<string, unknown>): string {
  return String(new IntlMessageFormat(catalogue.get(key)!, locale).format(values));
}

describe("counts", () => {
  it("say none, one and many in both languages", () => {
    const selected = (count: number) => format(pt, "pt-BR", "workflow.bulk.selected", { count });
    expect([0, 1, 2].map(selected)).toEqual(["Nenhum lead selecionado", "1 lead selecionado", "2 leads selecionados"]);
    expect([0, 1, 2].map((count) => format(en, "en", "workflow.bulk.selected", { count }))).toEqual([
      "No lead selected",
      "1 selected lead",
      "2 selected leads",
    ]);
    expect(format(pt, "pt-BR", "workflow.bulk.updated", { count: 0 })).toBe("Nenhum lead atualizado.");
    expect(format(pt, "pt-BR", "workflow.bulk.leads", { count: 0 })).toBe("0 leads");
  });

  it("never put a noun in the singular after zero in Portuguese", () => {
    for (const [key, message] of pt) {
      if (!/plural, one \{/.test(message)) continue;
      const text = new IntlMessageFormat(message, "pt-BR").format({
        count: 0,
        busiestCount: 0,
        minutes: 0,
        limit: 0,
        formatted: "0",
        more: "no",
        paged: "no",
        range: "",
        zone: "",
        busiest: "",
        origin: "",
        workspace: "",
        time: () => "",
      });
      expect(String(text), key).not.toMatch(/\b0 (lead|chave|registro|aviso|pessoa|convite|origem|link|minuto|caractere)\b/);
    }
  });
});

describe("the Portuguese admin", () => {
  it("writes e-mail with a hyphen everywhere it shows the word", () => {
    for (const [key, message] of pt) {
      // Arguments ({email}) are names, not words shown.
      const shown = message.replace(/\{\w+\}/g, "");
      expect(shown, key).not.toMatch(/(^|[^\w{@.-])emails?(?![\w}])/i);
    }
  });
});
